import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, findDialog } from '@/test/utils.js';
import { rowTexts } from '@/test/screen-texts.js';
import { contentOf, openEditor, siteServer } from '../site.testing.js';

const EARLIER = { ...contentOf('arrival'), arrivalTime: 'from 2 pm on your first day' };

/** Arrival information whose version 2 is on the site and version 1 said "from 2 pm". */
function arrivalServer() {
  return siteServer({}, { arrival: EARLIER });
}

const versions = () => screen.getByRole('region', { name: 'Versions' });

describe('the versions of a kind', () => {
  it('lists every version with who published it and when, newest first', async () => {
    arrivalServer();
    await openEditor('arrival');
    const table = await within(versions()).findByRole('table');
    expect(rowTexts(table)).toEqual([
      ['Version 2On the site now', 'admin', 'Mar 5, 2027, 3:04 PM', 'Look'],
      ['Version 1', 'From the content files', 'Mar 1, 2027, 9:00 AM', 'LookRevert to this version'],
    ]);
  });

  it('shows an old version, and publishes it again after asking; the form then holds it', async () => {
    const fetchMock = arrivalServer();
    await openEditor('arrival');
    const user = userEvent.setup();
    const table = await within(versions()).findByRole('table');
    const [, oldRow] = within(table).getAllByRole('row').slice(1);
    await user.click(within(oldRow!).getByRole('button', { name: 'Look' }));
    const look = await findDialog('Version 1');
    await waitFor(() => expect(look).toHaveTextContent('Arrival: from 2 pm on your first day'));
    await user.click(within(look).getByRole('button', { name: 'Revert to this version' }));

    const ask = await findDialog('Revert to version 1?');
    expect(ask).toHaveTextContent('Version 1 is published again as a new version');
    expect(callsTo(fetchMock, 'POST /api/admin/content/arrival/revert')).toEqual([]);
    await user.click(within(ask).getByRole('button', { name: 'Revert' }));

    expect(await screen.findByText('Version 1 is published again, as version 3.')).toBeVisible();
    expect(callsTo(fetchMock, 'POST /api/admin/content/arrival/revert').map((r) => r.body)).toEqual(
      [{ version: 1 }],
    );
    expect(screen.getByRole('textbox', { name: 'Arrival time' })).toHaveValue(
      'from 2 pm on your first day',
    );
    await waitFor(() =>
      expect(rowTexts(within(versions()).getByRole('table'))[0]![0]).toBe(
        'Version 3On the site now',
      ),
    );
    expect(screen.queryByText('Unsaved changes')).toBeNull();
  });

  it('reverts from the list, warning that unpublished changes are lost, and reloads the form', async () => {
    const fetchMock = arrivalServer();
    await openEditor('arrival');
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Parking' }), ' Buses park on the road.');
    const table = await within(versions()).findByRole('table');
    await user.click(within(table).getByRole('button', { name: 'Revert to this version' }));
    const ask = await findDialog('Revert to version 1?');
    expect(ask).toHaveTextContent('Your unpublished changes are lost.');
    await user.click(within(ask).getByRole('button', { name: 'Revert' }));
    await screen.findByText('Version 1 is published again, as version 3.');
    expect(callsTo(fetchMock, 'POST /api/admin/content/arrival/revert')).toHaveLength(1);
    expect(screen.getByRole('textbox', { name: 'Arrival time' })).toHaveValue(
      'from 2 pm on your first day',
    );
    expect(screen.getByRole('textbox', { name: 'Parking' })).toHaveValue(
      contentOf<{ parking: string }>('arrival').parking,
    );
    expect(screen.queryByText('Unsaved changes')).toBeNull();
  });
});

describe('unsaved changes', () => {
  it('asks before leaving the page with them, and Discard goes back to the version on the site', async () => {
    arrivalServer();
    const { router } = await openEditor('arrival');
    const user = userEvent.setup();
    const notes = screen.getByRole('textbox', { name: 'Other notes' });
    const before = (notes as HTMLTextAreaElement).value;
    await user.type(notes, ' No pets.');
    expect(screen.getByText('Unsaved changes')).toBeVisible();

    const nav = screen.getByRole('navigation', { name: 'Administration' });
    await user.click(within(nav).getByRole('link', { name: 'Dashboard' }));
    const ask = await findDialog('Leave without publishing?');
    await user.click(within(ask).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/admin/site/arrival');
    expect(notes).toHaveValue(`${before} No pets.`);

    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    await user.click(
      within(await findDialog('Discard your changes?')).getByRole('button', { name: 'Discard' }),
    );
    expect(notes).toHaveValue(before);
    expect(screen.queryByText('Unsaved changes')).toBeNull();
    expect(screen.getByRole('button', { name: 'Discard changes' })).toBeDisabled();
    await user.click(within(nav).getByRole('link', { name: 'Dashboard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
  });

  it('leaves when told to, losing the changes', async () => {
    arrivalServer();
    const { router } = await openEditor('arrival');
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Other notes' }), ' No pets.');
    await user.click(screen.getByRole('link', { name: 'All parts of the site' }));
    const ask = await findDialog('Leave without publishing?');
    await user.click(within(ask).getByRole('button', { name: 'Leave and lose the changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/site'));
  });
});
