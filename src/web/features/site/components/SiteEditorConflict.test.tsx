import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { rowTexts } from '@/test/screen-texts.js';
import { callsTo, findDialog } from '@/test/utils.js';
import { contentOf, openEditor, siteServer } from '../site.testing.js';

// Two administrators edit one kind: the second to publish is told, and keeps their draft.
const THEIRS = { ...contentOf('arrival'), arrivalTime: 'from 5 pm on your first day' };
const MINE = 'from 4 pm on your first day';
const GRACE_AT = '2027-03-06T10:30:00.000Z';
const SAID = 'grace published version 3 on Mar 6, 2027, 10:30 AM, after you opened this page.';

/** Publishing renders the whole form again: a loaded machine takes more than findBy's second. */
const SLOW = { timeout: 5000 };

const arrivalTime = () => screen.getByRole('textbox', { name: 'Arrival time' });
const versions = () => screen.getByRole('region', { name: 'Versions' });
/** Puts `text` in a field in one go (typing it key by key re-renders the form each time). */
async function replaceText(
  user: ReturnType<typeof userEvent.setup>,
  field: HTMLElement,
  text: string,
) {
  await user.clear(field);
  await user.paste(text);
}

const ifMatchOf = (fetchMock: ReturnType<typeof siteServer>, key: string) =>
  callsTo(fetchMock, key).map((r) => r.headers.get('If-Match'));

/** The arrival editor with "from 3 pm" typed in, while grace publishes version 3 ("from 5 pm"). */
async function editedWhileGracePublished() {
  const fetchMock = siteServer();
  await openEditor('arrival');
  const user = userEvent.setup();
  await replaceText(user, arrivalTime(), MINE);
  fetchMock.elsewhere('arrival', THEIRS, 'grace', GRACE_AT);
  return { fetchMock, user };
}

/** Preview, then Publish: refused, the notice says who published what and when. */
async function publishRefused(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Preview' }));
  const preview = await screen.findByRole('region', { name: 'Preview' }, SLOW);
  await user.click(within(preview).getByRole('button', { name: 'Publish' }));
  const notice = await screen.findByRole('alert', { name: /^Not published: someone else/ }, SLOW);
  expect(notice).toHaveTextContent(SAID);
  return notice;
}

describe('two administrators editing one kind', () => {
  it('sends the version the form was loaded from, and then the one it published', async () => {
    const fetchMock = siteServer();
    await openEditor('arrival');
    const user = userEvent.setup();
    await replaceText(user, screen.getByRole('textbox', { name: 'Parking' }), 'By the road.');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('region', { name: 'Preview' }, SLOW);
    await user.click(within(preview).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Published as version 3.', {}, SLOW)).toBeInTheDocument();

    await replaceText(user, arrivalTime(), MINE);
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const again = await screen.findByRole('region', { name: 'Preview' }, SLOW);
    await user.click(within(again).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Published as version 4.', {}, SLOW)).toBeInTheDocument();
    expect(ifMatchOf(fetchMock, 'PUT /api/admin/content/arrival')).toEqual(['"2"', '"3"']);
  });

  it('refused, says who published and when, keeps the draft, and lists their version', async () => {
    const { fetchMock, user } = await editedWhileGracePublished();
    const notice = await publishRefused(user);
    expect(notice).toHaveFocus();
    expect(notice).toHaveTextContent('Your changes are not lost: they are still in the form.');
    expect(arrivalTime()).toHaveValue(MINE);
    expect(screen.getByText('Unsaved changes')).toBeVisible();
    expect(screen.queryByText(/Published as version/)).toBeNull();
    expect(ifMatchOf(fetchMock, 'PUT /api/admin/content/arrival')).toEqual(['"2"']);
    await waitFor(
      () =>
        expect(rowTexts(within(versions()).getByRole('table'))[0]).toEqual([
          'Version 3On the site now',
          'grace',
          'Mar 6, 2027, 10:30 AM',
          'Look',
        ]),
      SLOW,
    );
    // Publishing again from the same version is refused again: nothing is overwritten unseen.
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('region', { name: 'Preview' }, SLOW);
    await user.click(within(preview).getByRole('button', { name: 'Publish' }));
    await screen.findByRole('alert', { name: /^Not published: someone else/ }, SLOW);
    expect(ifMatchOf(fetchMock, 'PUT /api/admin/content/arrival')).toEqual(['"2"', '"2"']);
    expect(arrivalTime()).toHaveValue(MINE);
  });

  it('"Compare" shows their version beside the draft, and can publish the draft instead', async () => {
    const { fetchMock, user } = await editedWhileGracePublished();
    const notice = await publishRefused(user);
    await user.click(within(notice).getByRole('button', { name: 'Compare' }));
    const compare = await findDialog('Version 3 and your changes');
    expect(compare).toHaveTextContent(SAID);
    const published = within(compare).getByRole('region', { name: 'Published now: version 3' });
    await waitFor(
      () => expect(published).toHaveTextContent('Arrival: from 5 pm on your first day'),
      SLOW,
    );
    const mine = within(compare).getByRole('region', { name: 'Your changes' });
    expect(mine).toHaveTextContent(`Arrival: ${MINE}`);

    await user.click(within(compare).getByRole('button', { name: 'Publish mine instead' }));
    expect(await screen.findByText('Published as version 4.', {}, SLOW)).toBeInTheDocument();
    expect(ifMatchOf(fetchMock, 'PUT /api/admin/content/arrival')).toEqual(['"2"', '"3"']);
    expect(callsTo(fetchMock, 'PUT /api/admin/content/arrival')[1]!.body).toEqual({
      ...contentOf('arrival'),
      arrivalTime: MINE,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), SLOW);
    expect(screen.queryByRole('alert', { name: /^Not published/ })).toBeNull();
    expect(screen.queryByText('Unsaved changes')).toBeNull();
    expect(arrivalTime()).toHaveValue(MINE);
  });

  it('"Reload" asks, then takes their version into the form and drops the draft', async () => {
    const { fetchMock, user } = await editedWhileGracePublished();
    const notice = await publishRefused(user);
    await user.click(within(notice).getByRole('button', { name: 'Reload' }));
    const ask = await findDialog('Reload the published version?');
    expect(ask).toHaveTextContent('Your changes are lost.');
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), SLOW);
    expect(arrivalTime()).toHaveValue(MINE);

    await user.click(within(notice).getByRole('button', { name: 'Reload' }));
    const confirm = await findDialog('Reload the published version?');
    await user.click(within(confirm).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(arrivalTime()).toHaveValue('from 5 pm on your first day'), SLOW);
    expect(screen.queryByRole('alert', { name: /^Not published/ })).toBeNull();
    expect(screen.queryByText('Unsaved changes')).toBeNull();

    // The form now stands on version 3: publishing from it applies.
    await replaceText(user, screen.getByRole('textbox', { name: 'Parking' }), 'By the road.');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('region', { name: 'Preview' }, SLOW);
    await user.click(within(preview).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Published as version 4.', {}, SLOW)).toBeInTheDocument();
    expect(ifMatchOf(fetchMock, 'PUT /api/admin/content/arrival')).toEqual(['"2"', '"3"']);
  });

  it('a revert from an older version is refused the same way, and the draft stays', async () => {
    const { fetchMock, user } = await editedWhileGracePublished();
    const table = await within(versions()).findByRole('table');
    await user.click(within(table).getByRole('button', { name: 'Revert to this version' }));
    const ask = await findDialog('Revert to version 1?');
    await user.click(within(ask).getByRole('button', { name: 'Revert' }));
    expect(
      await screen.findByRole('alert', { name: /^Not published: someone else/ }, SLOW),
    ).toHaveTextContent(SAID);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), SLOW);
    expect(ifMatchOf(fetchMock, 'POST /api/admin/content/arrival/revert')).toEqual(['"2"']);
    expect(arrivalTime()).toHaveValue(MINE);
    expect(screen.getByText('Unsaved changes')).toBeVisible();
    expect(screen.queryByText(/is published again/)).toBeNull();
  });
});
