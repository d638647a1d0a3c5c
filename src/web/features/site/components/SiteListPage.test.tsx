import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPageAt } from '@/test/utils.js';
import { CONTENT_NAMES, KINDS } from '../kinds.js';
import { siteServer } from '../site.testing.js';
import { LAST_CHANGE_FAILED } from './SiteListPage.js';

const notFound = { status: 404, body: { code: 'not_found', message: 'Not found.' } };

describe('Admin → Site', () => {
  it('is linked from the admin navigation and lists every kind with when and by whom it last changed', async () => {
    siteServer({
      'GET /api/admin/content/agreement/history': { body: [] },
      'GET /api/admin/content/rooms/history': {
        body: [{ version: 1, changedBy: null, changedAt: '2027-03-01T09:00:00.000Z' }],
      },
      'GET /api/admin/content/arrival/history': { status: 500, body: { message: 'Down.' } },
    });
    const { router } = await renderPageAt('/admin/site', 'Site');
    const nav = screen.getByRole('navigation', { name: 'Administration' });
    expect(within(nav).getByRole('link', { name: 'Site' })).toHaveAttribute('href', '/admin/site');
    expect(document.title).toMatch(/^Site/);

    const lists = [
      screen.getByRole('list', { name: 'On the public pages' }),
      screen.getByRole('list', { name: 'For groups and their stays' }),
    ];
    const cards = lists.flatMap((list) => within(list).getAllByRole('listitem'));
    expect(cards.map((c) => within(c).getByRole('link').textContent)).toEqual(
      CONTENT_NAMES.map((n) => KINDS[n].title),
    );
    const card = (title: string) => cards.find((c) => c.textContent?.startsWith(title))!;
    expect(card('Page texts')).toHaveTextContent(KINDS.pages.description);
    await waitFor(() =>
      expect(card('Page texts')).toHaveTextContent('Last changed Mar 5, 2027, 3:04 PM by admin.'),
    );
    expect(card('Bedrooms')).toHaveTextContent(
      'From the content files, Mar 1, 2027, 9:00 AM; not changed on the site yet.',
    );
    expect(card('Facility agreement')).toHaveTextContent('Not set up yet.');
    await waitFor(() => expect(card('Arrival information')).toHaveTextContent(LAST_CHANGE_FAILED));

    await userEvent.click(within(card('Prices and cancellation')).getByRole('link'));
    await screen.findByRole('heading', { level: 1, name: 'Prices and cancellation' });
    expect(router.state.location.pathname).toBe('/admin/site/pricing');
    expect(within(nav).getByRole('link', { name: 'Site' })).toHaveAttribute('aria-current', 'page');
  });

  it('starts an empty form for a kind the house has none of, and publishes it', async () => {
    const fetchMock = siteServer({
      'GET /api/admin/content/agreement': notFound,
      'GET /api/admin/content/agreement/history': notFound,
    });
    await renderPageAt('/admin/site/agreement', 'Facility agreement');
    expect(await screen.findByText(/The house has none yet/)).toBeVisible();
    expect(
      await within(screen.getByRole('region', { name: 'Versions' })).findByText(
        'Nothing published yet.',
      ),
    ).toBeVisible();
    const user = userEvent.setup();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('');
    await user.type(screen.getByRole('textbox', { name: 'Version name' }), '2027-1');
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'House rules');
    await user.type(screen.getByRole('textbox', { name: 'Paragraph 1' }), 'Be kind.');
    await user.click(screen.getByRole('button', { name: 'Add paragraph' }));
    expect(screen.getByRole('textbox', { name: 'Paragraph 2' })).toHaveFocus();
    await user.keyboard('Leave it tidy.');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(within(preview).getByRole('heading', { name: 'House rules' })).toBeVisible();
    expect(preview).toHaveTextContent('Version 2027-1');
    await user.click(within(preview).getByRole('button', { name: 'Publish' }));
    // The fake history still answers 404: the notice names no version.
    await screen.findByText('Published.');
    const puts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');
    expect(puts.map(([, init]) => JSON.parse(String(init!.body)) as unknown)).toEqual([
      { version: '2027-1', title: 'House rules', paragraphs: ['Be kind.', 'Leave it tidy.'] },
    ]);
  });
});
