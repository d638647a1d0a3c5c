import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { findDialog, mockApi, renderApp } from '@/test/utils.js';
import { floorPlans, pages, SITE_TITLE } from '@/test/site-content.js';

const level = (id: string) => floorPlans.levels.find((l) => l.id === id)!;
const basement = level('basement');
const firstFloor = level('first-floor');
const chapel = firstFloor.areas.find((a) => a.id === 'chapel')!;
const meetingHall = basement.areas.find((a) => a.id === 'meeting-hall')!;

async function roomsOf(name: string) {
  return within(await screen.findByRole('group', { name: `Rooms of the ${name}` }));
}

describe('Floor Plans', () => {
  it('offers Second Floor, First Floor and Basement, and shows the Basement first', async () => {
    mockApi();
    renderApp('/facilities');
    const levels = within(await screen.findByRole('radiogroup', { name: 'Level' }));
    expect(levels.getAllByRole('radio').map((r) => r.closest('div')?.textContent)).toEqual([
      'Second Floor',
      'First Floor',
      'Basement',
    ]);
    expect(levels.getByRole('radio', { name: 'Basement' })).toBeChecked();
    expect(screen.getByRole('heading', { level: 3, name: 'Basement' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: basement.alt })).toHaveAttribute('width', '800');
    const rooms = await roomsOf('Basement');
    expect(rooms.getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(
      basement.areas.map((a) => a.title),
    );
  });

  it('draws rect and poly areas from their coordinates', async () => {
    mockApi();
    renderApp('/facilities/floor-plans');
    const rooms = await roomsOf('Basement');
    const hall = rooms.getByRole('button', { name: meetingHall.title });
    expect(hall.tagName.toLowerCase()).toBe('polygon');
    expect(hall.getAttribute('points')).toBe('40,40 480,40 480,300 300,300 300,460 40,460');
    const game = rooms.getByRole('button', { name: 'Game Room' });
    expect(game.tagName.toLowerCase()).toBe('rect');
    expect([...['x', 'y', 'width', 'height'].map((a) => game.getAttribute(a))]).toEqual([
      '480',
      '40',
      '280',
      '220',
    ]);
  });

  it('switches levels', async () => {
    mockApi();
    const { router } = renderApp('/facilities');
    await userEvent.click(await screen.findByRole('radio', { name: 'First Floor' }));
    const rooms = await roomsOf('First Floor');
    expect(rooms.getByRole('button', { name: 'Chapel' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'First Floor' })).toBeChecked();
    expect(screen.queryByRole('group', { name: 'Rooms of the Basement' })).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?level=first-floor');
    await userEvent.click(screen.getByRole('radio', { name: 'Second Floor' }));
    expect(
      (await roomsOf('Second Floor')).getByRole('button', { name: 'Bunk Room' }),
    ).toBeInTheDocument();
  });

  it('opens a room with the mouse: title, information and a photo carousel', async () => {
    mockApi();
    renderApp('/facilities/floor-plans?level=first-floor');
    await userEvent.click((await roomsOf('First Floor')).getByRole('button', { name: 'Chapel' }));
    const dialog = await findDialog();
    expect(within(dialog).getByRole('heading', { name: 'Chapel' })).toBeInTheDocument();
    expect(within(dialog).getByText(chapel.info)).toBeInTheDocument();
    const carousel = within(dialog).getByRole('group', { name: 'Chapel photos' });
    expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
    expect(
      within(carousel).getByRole('img', { name: chapel.roomImages[0]!.alt }),
    ).toBeInTheDocument();
    expect(within(carousel).getByText('Photo 1 of 2')).toBeInTheDocument();
    await userEvent.click(within(carousel).getByRole('button', { name: 'Next photo' }));
    expect(
      within(carousel).getByRole('img', { name: chapel.roomImages[1]!.alt }),
    ).toBeInTheDocument();
    expect(within(carousel).getByText('Photo 2 of 2')).toBeInTheDocument();
    await userEvent.click(within(carousel).getByRole('button', { name: 'Previous photo' }));
    expect(
      within(carousel).getByRole('img', { name: chapel.roomImages[0]!.alt }),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: /close/i }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('opens a room with the keyboard (Enter and Space) and closes it with Escape', async () => {
    mockApi();
    renderApp('/facilities');
    const hall = (await roomsOf('Basement')).getByRole('button', { name: meetingHall.title });
    expect(hall).toHaveAttribute('tabindex', '0');
    hall.focus();
    expect(hall).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    let dialog = await findDialog();
    expect(within(dialog).getByText(meetingHall.info)).toBeInTheDocument();
    await userEvent.keyboard('{ArrowRight}');
    expect(
      within(dialog).getByRole('img', { name: meetingHall.roomImages[1]!.alt }),
    ).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const game = screen.getByRole('button', { name: 'Game Room' });
    fireEvent.keyDown(game, { key: ' ' });
    dialog = await findDialog();
    expect(within(dialog).getByRole('heading', { name: 'Game Room' })).toBeInTheDocument();
    // A room with one photo has no carousel buttons.
    expect(within(dialog).queryByRole('button', { name: 'Next photo' })).not.toBeInTheDocument();
  });

  it('names the tab after the Floor Plans tab and sets its description', async () => {
    mockApi();
    document.title = '';
    renderApp('/facilities');
    await screen.findByRole('heading', { level: 2, name: 'Floor Plans' });
    await waitFor(() => expect(document.title).toBe(`Floor Plans · Facilities | ${SITE_TITLE}`));
    expect(document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content).toBe(
      pages.floorPlans.description,
    );
  });
});
