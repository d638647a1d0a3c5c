/**
 * History: the account's activity, newest first in the house's time zone, with
 * repeated entries grouped, and the empty, failure and no-account texts.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../../../shared/schemas/profile.js';
import { fixDateForEachTest, region } from '@/test/utils.js';
import { NOW, entries, historyServer, openHistory } from '../history.testing.js';
import { historyTexts } from './HistoryPage.js';

fixDateForEachTest(NOW);

describe('History: account activity', () => {
  it('lists the entries newest first with date and time, summary and who', async () => {
    historyServer();
    await openHistory();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const list = within(region('Account Activity')).getByRole('list', { name: /Account activity/ });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Payment received');
    expect(items[0]).toHaveTextContent('Payment received for Spring Retreat.');
    expect(items[0]).toHaveTextContent('Mar 4, 2027, 3:30 PM');
    expect(items[0]).toHaveTextContent('by the system or a removed user');
    expect(items[1]).toHaveTextContent('Reservation approved');
    expect(items[1]).toHaveTextContent('Mar 2, 2027, 9:05 AM');
    expect(items[1]).toHaveTextContent('by admin');
    expect(items[2]).toHaveTextContent('Reservation Spring Retreat requested.');
    expect(items[2]).toHaveTextContent('by member');
    expect(items[0]?.querySelector('time')).toHaveAttribute('datetime', '2027-03-04T15:30:00.000Z');
  });

  it('shows repeated entries in a row as one item with their count and span of times', async () => {
    const repeat = (id: number, createdAt: string): HistoryEntry => ({
      id,
      kind: 'profile_updated',
      summary: 'Account profile updated: no changes.',
      createdAt,
      username: 'member',
      reservationId: null,
      documentId: null,
    });
    historyServer({
      'GET /api/account/history': {
        body: [
          repeat(23, '2027-03-02T10:04:00.000Z'),
          repeat(22, '2027-03-02T10:02:00.000Z'),
          repeat(21, '2027-03-02T10:00:00.000Z'),
          // The same text by someone else is another item.
          { ...repeat(20, '2027-03-02T09:59:00.000Z'), username: 'admin' },
          ...entries,
        ],
      },
    });
    await openHistory();
    const list = within(region('Account Activity')).getByRole('list', { name: /Account activity/ });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(items[0]).toHaveTextContent('Profile updated');
    expect(items[0]).toHaveTextContent('Account profile updated: no changes.');
    expect(items[0]!.textContent!.replace(/\s/g, ' ')).toContain(
      '3 times, from Mar 2, 2027, 10:00 AM to Mar 2, 2027, 10:04 AM · by member',
    );
    const times = [...items[0]!.querySelectorAll('time')].map((t) => t.getAttribute('datetime'));
    expect(times).toEqual(['2027-03-02T10:00:00.000Z', '2027-03-02T10:04:00.000Z']);
    expect(within(list).getAllByText('Account profile updated: no changes.')).toHaveLength(2);
    expect(items[1]).toHaveTextContent('by admin');
    expect(items[1]).not.toHaveTextContent('times, from');
  });

  it("shows the times in the house's time zone", async () => {
    historyServer({}, 'Pacific/Auckland');
    await openHistory();
    const items = within(region('Account Activity')).getAllByRole('listitem');
    // 15:30 UTC is 04:30 the next day in Auckland (UTC+13 in March).
    expect(items[0]).toHaveTextContent('Mar 5, 2027, 4:30 AM');
  });

  it('says when nothing has happened yet', async () => {
    historyServer({ 'GET /api/account/history': { body: [] } });
    await openHistory();
    expect(within(region('Account Activity')).getByText(historyTexts.empty)).toBeInTheDocument();
  });

  it('shows the load failure text', async () => {
    historyServer({ 'GET /api/account/history': { status: 500, body: { message: 'Boom.' } } });
    await openHistory();
    expect(within(region('Account Activity')).getByRole('alert')).toHaveTextContent(
      historyTexts.failed,
    );
  });

  it('tells a user without an account that there is no history', async () => {
    historyServer({
      'GET /api/account/history': {
        status: 404,
        body: { message: 'You are not assigned to an account yet.', code: 'no_account' },
      },
    });
    await openHistory();
    expect(
      within(region('Account Activity')).getByText(historyTexts.noAccount),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
