/**
 * The attendees on the stay page: the link to share (its whole address, Copy,
 * a new link after a confirmation), the names given with Remove, and the
 * names on the rooming board.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, findDialog, region } from '@/test/utils.js';
import { attendee, NOW, openStayPage, stayServer } from '../stay.testing.js';
import { NEW_LINK_QUESTION } from './AttendeeLink.js';

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
});

const linkField = () =>
  within(region('Attendees')).getByRole('textbox', { name: 'Link for attendees' });

describe('the attendees of a stay', () => {
  it('shares the whole link, copies it, and makes a new one after a confirmation', async () => {
    const { fetchMock } = stayServer(
      {},
      {
        routes: {
          'POST /api/reservations/7/attendee-link/rotate': { body: { url: '/stay/second-token' } },
        },
      },
    );
    await openStayPage();
    const user = userEvent.setup();
    const attendees = region('Attendees');
    expect(
      await within(attendees).findByRole('textbox', { name: 'Link for attendees' }),
    ).toHaveValue(`${window.location.origin}/stay/first-token`);
    expect(linkField()).toHaveAttribute('readonly');

    await user.click(within(attendees).getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/stay/first-token`);
    expect(within(attendees).getByRole('status')).toHaveTextContent('Link copied.');

    // Kept: nothing changes.
    await user.click(within(attendees).getByRole('button', { name: 'Make a new link' }));
    let dialog = await findDialog('Make a new link?');
    expect(dialog).toHaveTextContent(NEW_LINK_QUESTION);
    await user.click(within(dialog).getByRole('button', { name: 'Keep this link' }));
    expect(callsTo(fetchMock, 'POST /api/reservations/7/attendee-link/rotate')).toHaveLength(0);

    await user.click(within(attendees).getByRole('button', { name: 'Make a new link' }));
    dialog = await findDialog('Make a new link?');
    await user.click(within(dialog).getByRole('button', { name: 'Make a new link' }));
    expect(await within(attendees).findByText(/^New link ready/)).toBeVisible();
    expect(linkField()).toHaveValue(`${window.location.origin}/stay/second-token`);
    expect(callsTo(fetchMock, 'POST /api/reservations/7/attendee-link/rotate')).toHaveLength(1);
  });

  it('lists the names given and removes one after a confirmation', async () => {
    const { fetchMock, state } = stayServer(
      {
        attendees: [
          attendee(1, 'Ann Lee', { diet: 'vegetarian', notes: 'Arrives on Wednesday.' }),
          attendee(2, 'Bo Park'),
        ],
      },
      {
        routes: {
          'DELETE /api/reservations/7/attendees/2': () => {
            state.attendees = state.attendees.filter((a) => a.id !== 2);
            return { status: 204 };
          },
        },
      },
    );
    await openStayPage();
    const attendees = region('Attendees');
    expect(await within(attendees).findByText('2 people have given their name.')).toBeVisible();
    const items = within(attendees).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Ann LeeDiet: vegetarianNotes: Arrives on Wednesday.Remove',
      'Bo ParkDiet: none givenRemove',
    ]);
    // Their names are the rooming board's names to place.
    const board = region('Not placed yet (2 of 2)');
    expect(within(board).getByText('Ann Lee')).toBeVisible();

    await userEvent.click(within(attendees).getByRole('button', { name: 'Remove Bo Park' }));
    const dialog = await findDialog('Remove this attendee?');
    expect(dialog).toHaveTextContent('Bo Park leaves the list of attendees.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(attendees).findByText('1 person has given their name.')).toBeVisible();
    expect(callsTo(fetchMock, 'DELETE /api/reservations/7/attendees/2')).toHaveLength(1);
    expect(screen.queryByText('Bo Park')).toBeNull();
  });
});
