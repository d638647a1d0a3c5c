import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OutboxMailInfo } from '../../../../shared/schemas/mail.js';
import {
  callsTo,
  facilityInfo,
  mockApi,
  renderApp,
  testAdmin,
  type FakeRequest,
  type FakeRoutes,
} from '@/test/utils.js';
import { headerTexts, rowTexts } from '@/test/screen-texts.js';
import { emptyTexts, retryFailed } from './MailList.js';

function mail(id: number, extra: Partial<OutboxMailInfo> = {}): OutboxMailInfo {
  return {
    id,
    to: 'anna@example.org',
    subject: `Subject ${id}`,
    kind: 'reservation_requested',
    status: 'queued',
    attempts: 0,
    lastError: null,
    createdAt: '2028-03-10T09:30:00.000Z',
    sentAt: null,
    ...extra,
  };
}

const sample = (): OutboxMailInfo[] => [
  mail(1),
  mail(2, { status: 'sending', kind: 'password_reset', attempts: 1 }),
  mail(3, {
    status: 'sent',
    kind: 'registration_approved',
    attempts: 1,
    sentAt: '2028-03-10T10:05:00.000Z',
  }),
  mail(4, {
    status: 'failed',
    to: 'ben@example.org',
    subject: 'Your receipt',
    kind: 'payment_received',
    attempts: 5,
    lastError: '550 mailbox unavailable',
  }),
];

const query = (req: FakeRequest) => Object.fromEntries(new URL(req.url, 'http://x').searchParams);

const inTab = (m: OutboxMailInfo, status: string | undefined) =>
  status === 'queued' ? m.status === 'queued' || m.status === 'sending' : m.status === status;

/** A fake outbox over in-memory state, newest first as the server lists it. */
function mailServer(mails: OutboxMailInfo[] = sample(), extra: FakeRoutes = {}) {
  const state = { mails };
  const fetchMock = mockApi(
    {
      'GET /api/facility/info': facilityInfo('UTC'),
      'GET /api/admin/mail': (req) => {
        const { status, limit = '50', offset = '0' } = query(req);
        const list = state.mails.filter((m) => inTab(m, status)).sort((a, b) => b.id - a.id);
        return { body: list.slice(Number(offset), Number(offset) + Number(limit)) };
      },
      'POST /api/admin/mail/4/retry': () => {
        const failed = state.mails.find((m) => m.id === 4)!;
        failed.status = 'queued';
        return { status: 202, body: failed };
      },
      'POST /api/admin/mail/test': (req) => {
        const { to } = req.body as { to: string };
        state.mails.push(mail(99, { to, subject: 'Test mail', kind: 'test' }));
        return { status: 202, body: { message: `A test mail to ${to} is queued.` } };
      },
      ...extra,
    },
    { user: testAdmin },
  );
  return { fetchMock, state };
}

async function openMail(path = '/admin/mail') {
  const view = renderApp(path);
  // The first render also loads the admin chunk.
  await screen.findByRole('heading', { level: 1, name: 'Mail' }, { timeout: 5000 });
  return view;
}

const table = () => screen.getByRole('table');
/** The phone cards: hidden at the test window's width, so found by their label. */
const cardList = (label: string) =>
  document.querySelector<HTMLElement>(`ul[aria-label="${label}"]`)!;
const listStatuses = (fetchMock: ReturnType<typeof mockApi>) =>
  callsTo(fetchMock, 'GET /api/admin/mail').map((r) => query(r).status);

describe('admin mail', () => {
  it('is linked from the admin side navigation', async () => {
    mailServer();
    await openMail();
    const nav = screen.getByRole('navigation', { name: 'Administration' });
    expect(within(nav).getByRole('link', { name: 'Mail' })).toHaveAttribute('href', '/admin/mail');
    expect(document.title).toMatch(/^Mail/);
  });

  it('lists the queued mail first, a page of 50 asked with one more', async () => {
    const { fetchMock } = mailServer();
    await openMail();
    expect(screen.getByRole('tab', { name: 'Queued' })).toHaveAttribute('aria-selected', 'true');
    await within(await screen.findByRole('table')).findByText('Subject 2');
    expect(table()).toHaveAccessibleName('Queued mail 1 to 2');
    expect(headerTexts(table())).toEqual(['Mail', 'Status', 'Created and sent', 'Action']);
    const rows = rowTexts(table());
    expect(rows[0]![0]).toBe('Subject 2To anna@example.orgPassword reset');
    expect(rows[0]![1]).toBe('Sending1 attempt');
    expect(rows[0]![2]).toMatch(/^Created Mar 10, 2028, 9:30\sAMNot sent yet$/);
    expect(rows[1]!.slice(0, 2)).toEqual([
      'Subject 1To anna@example.orgReservation requested',
      'Queued0 attempts',
    ]);
    expect(query(callsTo(fetchMock, 'GET /api/admin/mail')[0]!)).toEqual({
      status: 'queued',
      limit: '51',
      offset: '0',
    });
    // Phones get the same mails as cards (hidden at this test window's width).
    const cards = cardList('Queued mail 1 to 2');
    expect(cards.children).toHaveLength(2);
    expect(cards.children[0]).toHaveTextContent('Subject 2');
    expect(cards.children[0]).toHaveTextContent('To: anna@example.org');
    expect(cards.children[0]).toHaveTextContent('Attempts: 1');
    expect(cards.children[0]).toHaveTextContent('Last error: —');
    // A queued mail can be sent now (SMTP is back); one being sent is left to its worker.
    expect(
      within(table()).getByRole('button', {
        name: 'Send now: the mail "Subject 1" to anna@example.org',
      }),
    ).toBeInTheDocument();
    expect(within(table()).getAllByRole('button', { name: /^(Send now|Retry)/ })).toHaveLength(1);
    expect(screen.getByText(/Reloads every 10 seconds/)).toBeInTheDocument();
  });

  it('shows each tab with its status, and an empty text per tab', async () => {
    const { fetchMock } = mailServer();
    const { router } = await openMail();
    await within(await screen.findByRole('table')).findByText('Subject 1');

    await userEvent.click(screen.getByRole('tab', { name: 'Sent' }));
    await waitFor(() => expect(rowTexts(table())).toHaveLength(1));
    expect(rowTexts(table())[0]![0]).toContain('Subject 3');
    expect(rowTexts(table())[0]![0]).toContain('Registration approved');
    expect(rowTexts(table())[0]![1]).toBe('Sent1 attempt');
    expect(rowTexts(table())[0]![2]).toMatch(/Sent Mar 10, 2028, 10:05\sAM$/);
    expect(router.state.location.search).toBe('?tab=sent');

    await userEvent.click(screen.getByRole('tab', { name: 'Failed' }));
    await within(table()).findByText('Your receipt');
    expect(rowTexts(table())[0]!.slice(0, 2)).toEqual([
      'Your receiptTo ben@example.orgPayment received',
      'Failed5 attemptsLast error: 550 mailbox unavailable',
    ]);
    expect(listStatuses(fetchMock)).toEqual(['queued', 'sent', 'failed']);
  });

  it('says so when a tab has no mail', async () => {
    mailServer([]);
    await openMail('/admin/mail?tab=failed');
    expect(await screen.findByText(emptyTexts.failed)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Queued' }));
    expect(await screen.findByText(emptyTexts.queued)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Sent' }));
    expect(await screen.findByText(emptyTexts.sent)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('retries a failed mail, says so and reloads the list', async () => {
    const { fetchMock } = mailServer();
    await openMail('/admin/mail?tab=failed');
    const retry = await within(await screen.findByRole('table')).findByRole('button', {
      name: 'Retry: the mail "Your receipt" to ben@example.org',
    });
    // The phone card has its own Retry button.
    const card = cardList('Failed mail 1 to 1').children[0] as HTMLElement;
    expect(card).toHaveTextContent('Last error: 550 mailbox unavailable');
    expect(within(card).getByRole('button', { name: /^Retry/, hidden: true })).toBeInTheDocument();

    await userEvent.click(retry);
    expect(
      await screen.findByText('The mail "Your receipt" to ben@example.org is being sent now.'),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/admin/mail/4/retry')).toHaveLength(1);
    expect(await screen.findByText(emptyTexts.failed)).toBeInTheDocument();
    expect(listStatuses(fetchMock)).toEqual(['failed', 'failed']);
  });

  it("shows the server's message when a retry is refused", async () => {
    mailServer(sample(), {
      'POST /api/admin/mail/4/retry': {
        status: 409,
        body: {
          message: 'This mail was sent already; it is not sent again.',
          code: 'transition_not_allowed',
        },
      },
    });
    await openMail('/admin/mail?tab=failed');
    await userEvent.click(
      await within(await screen.findByRole('table')).findByRole('button', { name: /^Retry/ }),
    );
    expect(
      await screen.findByText('This mail was sent already; it is not sent again.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(retryFailed)).not.toBeInTheDocument();
  });

  it('pages by 50 and refreshes on demand', async () => {
    const many = Array.from({ length: 51 }, (_, i) => mail(i + 1, { status: 'sent' }));
    const { fetchMock } = mailServer(many);
    const { router } = await openMail('/admin/mail?tab=sent');
    await within(await screen.findByRole('table')).findByText('Subject 51');
    expect(table()).toHaveAccessibleName('Sent mail 1 to 50');
    const pages = screen.getByRole('navigation', { name: 'Mail pages' });
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();

    await userEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    await within(table()).findByText('Subject 1');
    expect(table()).toHaveAccessibleName('Sent mail 51 to 51');
    expect(router.state.location.search).toBe('?tab=sent&page=2');
    const calls = callsTo(fetchMock, 'GET /api/admin/mail');
    expect(query(calls.at(-1)!)).toEqual({ status: 'sent', limit: '51', offset: '50' });

    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/admin/mail')).toHaveLength(3));
  });
});

describe('admin mail: test mail', () => {
  it("is prefilled with the admin's address, posts {to} and shows the Queued tab", async () => {
    const { fetchMock } = mailServer();
    await openMail('/admin/mail?tab=failed');
    const form = screen.getByRole('region', { name: 'Send a test mail' });
    const address = within(form).getByLabelText(/^Address/);
    expect(address).toHaveValue(testAdmin.email);

    await userEvent.clear(address);
    await userEvent.type(address, 'office@example.org');
    await userEvent.click(within(form).getByRole('button', { name: 'Send test mail' }));

    expect(await within(form).findByRole('status')).toHaveTextContent(
      'A test mail to office@example.org is queued.',
    );
    expect(callsTo(fetchMock, 'POST /api/admin/mail/test').map((r) => r.body)).toEqual([
      { to: 'office@example.org' },
    ]);
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Queued' })).toHaveAttribute('aria-selected', 'true'),
    );
    expect(await within(await screen.findByRole('table')).findByText('Test mail')).toBeVisible();
  });

  it('checks the address before sending and shows a refusal', async () => {
    const { fetchMock } = mailServer(sample(), {
      'POST /api/admin/mail/test': {
        status: 503,
        body: { message: 'Mail is not configured.', code: 'internal' },
      },
    });
    await openMail();
    const form = screen.getByRole('region', { name: 'Send a test mail' });
    const address = within(form).getByLabelText(/^Address/);
    await userEvent.clear(address);
    await userEvent.type(address, 'not an address');
    await userEvent.click(within(form).getByRole('button', { name: 'Send test mail' }));
    expect(await within(form).findByText('Please enter a valid email address.')).toBeVisible();
    expect(callsTo(fetchMock, 'POST /api/admin/mail/test')).toHaveLength(0);

    await userEvent.clear(address);
    await userEvent.type(address, 'office@example.org');
    await userEvent.click(within(form).getByRole('button', { name: 'Send test mail' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Mail is not configured.');
  });
});
