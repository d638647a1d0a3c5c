import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AdminToday, DashboardStay } from '../../../../shared/schemas/operations.js';
import {
  atPhoneWidth,
  callsTo,
  facilityInfo,
  mockApi,
  region,
  renderApp,
  testAdmin,
  type FakeRoutes,
} from '@/test/utils.js';
import { cardFields, rowTexts } from '@/test/screen-texts.js';
import { noArrivals, noFailedMail, nothingOverdue, todayFailed } from './DashboardToday.js';

const TODAY = '2028-03-10';

/** Three of five done; the questionnaire is due in two days, the balance was due on the 7th. */
const springRetreat: DashboardStay = {
  id: 12,
  eventName: 'Spring retreat',
  accountName: 'Grace Church',
  username: 'anna',
  firstDay: '2028-03-14',
  lastDay: '2028-03-16',
  guests: 24,
  items: [
    { item: 'agreement', done: true, dueDate: '2028-03-01' },
    { item: 'deposit', done: true, dueDate: '2028-03-01' },
    { item: 'questionnaire', done: false, dueDate: '2028-03-12' },
    { item: 'insurance', done: true, dueDate: '2028-03-12' },
    { item: 'balance', done: false, dueDate: '2028-03-07' },
  ],
};

/** No church, no count given, nothing asked (a stay of no group terms). */
const youthWeekend: DashboardStay = {
  id: 13,
  eventName: 'Youth weekend',
  accountName: null,
  username: 'ben',
  firstDay: '2028-03-20',
  lastDay: '2028-03-21',
  guests: null,
  items: [],
};

/** Further off, with two items overdue; due today is not overdue yet. */
const eldersMeeting: DashboardStay = {
  id: 20,
  eventName: 'Elders meeting',
  accountName: 'Hope Chapel',
  username: 'carl',
  firstDay: '2028-04-05',
  lastDay: '2028-04-05',
  guests: 12,
  items: [
    { item: 'questionnaire', done: false, dueDate: '2028-03-01' },
    { item: 'insurance', done: false, dueDate: TODAY },
    { item: 'balance', done: false, dueDate: '2028-03-05' },
  ],
};

const todaySample = (): AdminToday => ({
  today: TODAY,
  pendingReservations: 0,
  pendingUsers: 0,
  arriving: [springRetreat, youthWeekend],
  overdue: [springRetreat, eldersMeeting],
  failedMail: 3,
});

function setup(routes: FakeRoutes = {}) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(`${TODAY}T12:00:00.000Z`));
  return mockApi(
    {
      'GET /api/facility/info': facilityInfo('UTC'),
      'GET /api/users/pending': { body: [] },
      'GET /api/reservations': { body: [] },
      'GET /api/reservations/counts': {
        body: { pending: 0, approved: 0, rejected: 0, cancelled: 0 },
      },
      'GET /api/admin/refunds': { body: [] },
      'GET /api/admin/today': { body: todaySample() },
      ...routes,
    },
    { user: testAdmin },
  );
}

async function renderDashboard(routes: FakeRoutes = {}) {
  const fetchMock = setup(routes);
  const view = renderApp('/admin/dashboard');
  // The first render also loads the admin chunk.
  await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' }, { timeout: 5000 });
  return { ...view, fetchMock };
}

const ARRIVING = 'Arriving in the next 14 days';

describe('admin dashboard: what needs the staff today', () => {
  it('lists the stays arriving in the next 14 days with their checklists in words', async () => {
    const { fetchMock } = await renderDashboard();
    const arriving = await screen.findByRole('region', { name: ARRIVING });
    expect(rowTexts(within(arriving).getByRole('table'))).toEqual([
      [
        'Spring retreat',
        'Grace Church',
        '2028-03-14 to 2028-03-16',
        '24',
        '3 of 5 done; to do: questionnaire; overdue: balance',
        'Stay sheet (PDF)',
      ],
      [
        'Youth weekend',
        'No church',
        '2028-03-20 to 2028-03-21',
        'Not given',
        'The house asks nothing of this stay.',
        'Stay sheet (PDF)',
      ],
    ]);
    expect(within(arriving).getByRole('link', { name: 'Spring retreat' })).toHaveAttribute(
      'href',
      '/admin/reservations/12',
    );
    expect(
      within(arriving).getByRole('link', { name: 'Stay sheet (PDF) of Spring retreat' }),
    ).toHaveAttribute('href', '/api/admin/stays/12/sheet.pdf');
    expect(
      within(arriving).getByRole('link', { name: 'Stay sheet (PDF) of Youth weekend' }),
    ).toHaveAttribute('href', '/api/admin/stays/13/sheet.pdf');
    expect(callsTo(fetchMock, 'GET /api/admin/today')).toHaveLength(1);
  });

  it('names each overdue item and the day it was due, with a link to the stay', async () => {
    await renderDashboard();
    const overdue = await screen.findByRole('region', { name: 'Overdue' });
    expect(rowTexts(within(overdue).getByRole('table'))).toEqual([
      [
        'Spring retreat',
        'Grace Church',
        '2028-03-14 to 2028-03-16',
        'The balance, due Tuesday, March 7, 2028',
      ],
      [
        'Elders meeting',
        'Hope Chapel',
        '2028-04-05 to 2028-04-05',
        'The questionnaire, due Wednesday, March 1, 2028' +
          'The balance, due Sunday, March 5, 2028',
      ],
    ]);
    // The insurance certificate is due today: not overdue yet.
    expect(overdue).not.toHaveTextContent('insurance');
    expect(within(overdue).getByRole('link', { name: 'Elders meeting' })).toHaveAttribute(
      'href',
      '/admin/reservations/20',
    );
  });

  it('counts the failed mail and opens the Failed tab of Mail', async () => {
    const { router } = await renderDashboard({ 'GET /api/admin/mail': { body: [] } });
    const failed = await screen.findByRole('region', { name: 'Failed mail' });
    expect(failed).toHaveTextContent('3mails failed');
    const link = within(failed).getByRole('link', { name: 'See the failed mail' });
    expect(link).toHaveAttribute('href', '/admin/mail?tab=failed');
    await userEvent.click(link);
    expect(await screen.findByRole('tab', { name: 'Failed' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(router.state.location.pathname).toBe('/admin/mail');
  });

  it('says so when nothing arrives, nothing is overdue and no mail failed', async () => {
    await renderDashboard({
      'GET /api/admin/today': {
        body: { ...todaySample(), arriving: [], overdue: [], failedMail: 0 },
      },
    });
    const arriving = await screen.findByRole('region', { name: ARRIVING });
    expect(arriving).toHaveTextContent(noArrivals);
    expect(noArrivals).toBe('No stays arrive in the next 14 days.');
    expect(region('Overdue')).toHaveTextContent(nothingOverdue);
    expect(region('Failed mail')).toHaveTextContent(noFailedMail);
    expect(within(region('Failed mail')).queryByRole('link')).not.toBeInTheDocument();
  });

  it('says so when what needs the staff could not be loaded, and keeps the other cards', async () => {
    await renderDashboard({ 'GET /api/admin/today': { status: 500 } });
    expect(await screen.findByText(todayFailed)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: ARRIVING })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(region('Pending reservations')).toHaveTextContent('0reservations waiting'),
    );
  });

  it('shows each arriving stay as a card with every field on a phone', async () => {
    atPhoneWidth({ width: 360, height: 740 });
    await renderDashboard();
    const arriving = await screen.findByRole('region', { name: ARRIVING });
    const cards = within(within(arriving).getByRole('list', { name: ARRIVING })).getAllByRole(
      'listitem',
    );
    expect(cardFields(cards[0]!)).toEqual({
      Event: 'Spring retreat',
      Church: 'Grace Church',
      Dates: '2028-03-14 to 2028-03-16',
      Guests: '24',
      Checklist: '3 of 5 done; to do: questionnaire; overdue: balance',
      'Stay sheet': 'Stay sheet (PDF)',
    });
  });
});
