import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { atPhoneWidth } from '@/test/utils.js';
import { contentOf, openEditor, putBodies, siteServer } from '../site.testing.js';

type Rooms = { id: string; name: string; beds: number }[];

async function publish() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Preview' }));
  const preview = await screen.findByRole('region', { name: 'Preview' });
  await user.click(within(preview).getByRole('button', { name: 'Publish' }));
  await screen.findByText('Published as version 3.');
}

describe('lists', () => {
  it('moves, removes and adds entries, the focus following, and publishes them in order', async () => {
    const fetchMock = siteServer();
    await openEditor('rooms');
    const user = userEvent.setup();
    const down = screen.getByRole('button', { name: 'Move down: Bedroom 1' });
    await user.click(down);
    expect(screen.getByRole('button', { name: 'Move down: Bedroom 2' })).toHaveFocus();
    expect(screen.getByRole('group', { name: 'Bedroom 1: Maple Room' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Move up: Bedroom 1' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Remove: Bedroom 8' }));
    expect(screen.getByRole('button', { name: 'Add bedroom' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Add bedroom' }));
    const added = screen.getByRole('group', { name: 'Bedroom 8' });
    expect(within(added).getByRole('textbox', { name: 'Room id' })).toHaveFocus();
    await user.keyboard('chapel-loft');
    await user.type(within(added).getByRole('textbox', { name: 'Room name' }), 'Chapel Loft');
    await user.type(within(added).getByRole('textbox', { name: 'Beds' }), '3');

    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(preview).toHaveTextContent('8 bedrooms, 35 beds in all.');
    await user.click(within(preview).getByRole('button', { name: 'Publish' }));
    await screen.findByText('Published as version 3.');
    const [cedar, maple, ...rest] = contentOf<Rooms>('rooms');
    expect(putBodies(fetchMock, 'rooms')).toEqual([
      [maple, cedar, ...rest.slice(0, -1), { id: 'chapel-loft', name: 'Chapel Loft', beds: 3 }],
    ]);
  });

  it('refuses two rooms with one id, in its own words', async () => {
    siteServer();
    await openEditor('rooms');
    const user = userEvent.setup();
    const second = screen.getByRole('group', { name: 'Bedroom 2: Maple Room' });
    const id = within(second).getByRole('textbox', { name: 'Room id' });
    await user.clear(id);
    await user.type(id, 'cedar');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByRole('alert', { name: /^Not ready/ })).toHaveTextContent(
      'Bedrooms: Each room needs its own id.',
    );
  });

  it('keeps lists of texts one entry per line, with no entry left out', async () => {
    const fetchMock = siteServer();
    await openEditor('arrival');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Move up: Item 2' }));
    expect(screen.getByRole('button', { name: 'Move up: Item 1' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Remove: Item 5' }));
    await publish();
    const bring = contentOf<{ whatToBring: string[] }>('arrival').whatToBring;
    expect(putBodies(fetchMock, 'arrival')).toEqual([
      {
        ...contentOf('arrival'),
        whatToBring: [bring[1], bring[0], bring[2], bring[3]],
      },
    ]);
  });

  it('stacks the versions as cards on a phone, every action there', async () => {
    atPhoneWidth();
    siteServer();
    await openEditor('rooms');
    const region = screen.getByRole('region', { name: 'Versions' });
    const cards = within(
      await within(region).findByRole('list', { name: 'Versions' }),
    ).getAllByRole('listitem');
    expect(within(region).queryByRole('table')).toBeNull();
    expect(cards[1]).toHaveTextContent('Version 1From the content files, Mar 1, 2027, 9:00 AM');
    expect(within(cards[1]!).getByRole('button', { name: 'Revert to this version' })).toBeVisible();
  });
});
