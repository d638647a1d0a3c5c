import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderApp } from '@/test/utils.js';
import { outdoorMap, pages, SITE_TITLE } from '@/test/site-content.js';

const feature = (id: string) => outdoorMap.features.find((f) => f.id === id)!;

async function map() {
  return within(await screen.findByRole('group', { name: outdoorMap.title }));
}

describe('Outdoor Areas', () => {
  it('shows the property line, pond, dock, barn, creek, grove, parking and house', async () => {
    mockApi();
    renderApp('/facilities/outdoor-areas');
    const places = (await map()).getAllByRole('button');
    expect(places.map((p) => p.getAttribute('aria-label')).sort()).toEqual([
      'Barn',
      'Creek',
      'Dock',
      'Grove',
      'House',
      'Parking',
      'Pond',
      'Property Line',
    ]);
    for (const place of places) {
      expect(place).toHaveAttribute('tabindex', '0');
      expect(place).toHaveAttribute('aria-pressed', 'false');
    }
    expect(screen.getByRole('region', { name: 'Place details' })).toHaveTextContent(
      /No place selected/,
    );
  });

  it('selects a place with the mouse and describes it', async () => {
    mockApi();
    renderApp('/facilities/outdoor-areas');
    await userEvent.click((await map()).getByRole('button', { name: 'Barn' }));
    const panel = screen.getByRole('region', { name: 'Place details' });
    expect(within(panel).getByRole('heading', { level: 3, name: 'Barn' })).toBeInTheDocument();
    expect(panel).toHaveTextContent(feature('barn').description);
    expect(screen.getByRole('button', { name: 'Barn' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('selects places with the keyboard alone: Tab, then Enter or Space', async () => {
    mockApi();
    renderApp('/facilities/outdoor-areas');
    const m = await map();
    const first = outdoorMap.features[0]!;
    const second = outdoorMap.features[1]!;
    // Tab from the last tab into the map.
    screen.getByRole('tab', { name: 'Outdoor Areas' }).focus();
    const buttons = m.getAllByRole('button');
    for (let i = 0; i < 10 && document.activeElement !== buttons[0]; i++) await userEvent.tab();
    expect(m.getByRole('button', { name: first.name })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const panel = screen.getByRole('region', { name: 'Place details' });
    expect(within(panel).getByRole('heading', { name: first.name })).toBeInTheDocument();
    expect(panel).toHaveTextContent(first.description);

    await userEvent.tab();
    expect(m.getByRole('button', { name: second.name })).toHaveFocus();
    await userEvent.keyboard(' ');
    await waitFor(() => expect(panel).toHaveTextContent(second.description));
    expect(m.getByRole('button', { name: second.name })).toHaveAttribute('aria-pressed', 'true');
    expect(m.getByRole('button', { name: first.name })).toHaveAttribute('aria-pressed', 'false');
  });

  it('names the tab after the Outdoor Areas tab and sets its description', async () => {
    mockApi();
    document.title = '';
    renderApp('/facilities/outdoor-areas');
    await screen.findByRole('heading', { level: 2, name: 'Outdoor Areas' });
    await waitFor(() => expect(document.title).toBe(`Outdoor Areas · Facilities | ${SITE_TITLE}`));
    expect(document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content).toBe(
      pages.outdoorAreas.description,
    );
  });
});
