import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { LedgerEntry, LedgerSummary } from '../../../../shared/schemas/index.js';
import {
  callsTo,
  facilityInfo,
  fakeTab,
  mockApi,
  renderApp,
  testAdmin,
  type FakeRequest,
  type FakeRoutes,
} from '@/test/utils.js';
import { headerTexts, optionTexts } from '@/test/screen-texts.js';
import { ledgerFailed, noEntries } from './AdminPaymentsPage.js';

function entry(id: number, extra: Partial<LedgerEntry> = {}): LedgerEntry {
  return {
    id,
    reservationId: 1,
    kind: 'charge',
    amountCents: 45000,
    currency: 'USD',
    provider: 'sandbox',
    reference: `ch_${id}`,
    // 03:00 UTC is still the day before in the house's zone (Chicago).
    createdAt: '2028-02-01T03:00:00.000Z',
    documentId: 70 + id,
    accountId: 3,
    accountName: 'Grace Church',
    eventName: 'Summer camp',
    firstDay: '2028-07-01',
    lastDay: '2028-07-03',
    reason: null,
    ...extra,
  };
}

const sample = (): LedgerEntry[] => [
  entry(1),
  entry(2, {
    kind: 'refund',
    amountCents: 10000,
    reference: 're_2',
    createdAt: '2028-02-05T18:00:00.000Z',
    reason: 'Kitchen closed',
  }),
  entry(3, {
    reservationId: 2,
    amountCents: 15000,
    documentId: null,
    accountId: 4,
    accountName: 'Hope Chapel',
    eventName: 'Youth weekend',
    firstDay: '2028-05-10',
    lastDay: '2028-05-10',
    createdAt: '2028-02-10T18:00:00.000Z',
  }),
];

const summary: LedgerSummary = {
  currency: 'USD',
  receivedCents: 60000,
  refundedCents: 10000,
  outstandingCents: 120000,
};

const query = (req: FakeRequest) => Object.fromEntries(new URL(req.url, 'http://x').searchParams);

function paymentsServer(
  ledger: (req: FakeRequest) => LedgerEntry[] = () => sample(),
  overrides: FakeRoutes = {},
) {
  return mockApi(
    {
      'GET /api/facility/info': facilityInfo('America/Chicago'),
      'GET /api/account': {
        body: [
          { id: 4, accountName: 'Hope Chapel' },
          { id: 3, accountName: 'Grace Church' },
        ],
      },
      'GET /api/payments': (req) => ({ body: ledger(req) }),
      'GET /api/payments/summary': { body: summary },
      ...overrides,
    },
    { user: testAdmin },
  );
}

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('admin payments', () => {
  it('shows the totals and the entries, with their receipts and credit notes', async () => {
    paymentsServer();
    renderApp('/admin/payments');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payments' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Administration' });
    expect(within(nav).getByRole('link', { name: 'Payments' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await screen.findByRole('table');
    const terms = await screen.findAllByRole('term');
    expect(terms.map((t) => `${t.textContent}: ${t.nextElementSibling?.textContent}`)).toEqual([
      'Received: $600.00',
      'Refunded: $100.00',
      'Outstanding: $1,200.00',
    ]);
    expect(headerTexts(screen.getByRole('table'))).toEqual([
      'Date',
      'Church',
      'Event',
      'Kind',
      'Amount',
      'Reason and reference',
      'Document',
    ]);
    const [charge, refund, pending] = bodyRows();
    expect(
      within(charge!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      '2028-01-31',
      'Grace Church',
      'Summer camp2028-07-01 to 2028-07-03',
      'Charge',
      '$450.00',
      'ch_1',
      'View receipt',
    ]);
    expect(
      within(charge!).getByRole('button', { name: 'View receipt for Summer camp of 2028-01-31' }),
    ).toBeInTheDocument();
    expect(refund).toHaveTextContent('2028-02-05');
    expect(refund).toHaveTextContent('Refund');
    expect(refund).toHaveTextContent('$100.00');
    expect(refund).toHaveTextContent('Kitchen closed');
    expect(
      within(refund!).getByRole('button', {
        name: 'View credit note for Summer camp of 2028-02-05',
      }),
    ).toBeInTheDocument();
    expect(pending).toHaveTextContent('Hope Chapel');
    // On a phone the same entries are cards, each with its amount and document button.
    // (Hidden at this test window's width: looked up with hidden elements included.)
    const list = document.querySelector<HTMLElement>('ul[aria-label^="Payments and refunds"]')!;
    const cards = [...list.children];
    expect(cards).toHaveLength(3);
    expect(cards[1]).toHaveTextContent('Refund$100.00');
    expect(cards[1]).toHaveTextContent('Kitchen closed');
    expect(within(pending!).queryByRole('button')).not.toBeInTheDocument();
    // Three entries fill no page: nothing to page through.
    expect(screen.queryByRole('navigation', { name: 'Payment pages' })).not.toBeInTheDocument();
  });

  it('sends the filters to the list and the totals, and links the export with them', async () => {
    const fetchMock = paymentsServer();
    const { router } = renderApp('/admin/payments');
    await screen.findByRole('table');
    const church = screen.getByLabelText('Church');
    expect(optionTexts(church)).toEqual(['All churches', 'Grace Church', 'Hope Chapel']);
    const exportLink = screen.getByRole('link', { name: 'Export CSV' });
    expect(exportLink).toHaveAttribute('href', '/api/payments/export.csv');
    expect(exportLink).toHaveAttribute('download');
    expect(query(callsTo(fetchMock, 'GET /api/payments')[0]!)).toEqual({
      limit: '51',
      offset: '0',
    });

    await userEvent.selectOptions(church, 'Hope Chapel');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2028-01-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2028-03-31' } });
    const filters = { accountId: '4', from: '2028-01-01', to: '2028-03-31' };
    await waitFor(() =>
      expect(query(callsTo(fetchMock, 'GET /api/payments').at(-1)!)).toEqual({
        ...filters,
        limit: '51',
        offset: '0',
      }),
    );
    expect(query(callsTo(fetchMock, 'GET /api/payments/summary').at(-1)!)).toEqual(filters);
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/payments/export.csv?accountId=4&from=2028-01-01&to=2028-03-31',
    );
    expect(router.state.location.search).toBe('?account=4&from=2028-01-01&to=2028-03-31');
  });

  it('opens on the filters of the address and flags a reversed range', async () => {
    const fetchMock = paymentsServer();
    renderApp('/admin/payments?account=3&from=2028-05-01&to=2028-04-01');
    await screen.findByRole('table');
    expect(screen.getByLabelText('Church')).toHaveValue('3');
    expect(screen.getByLabelText('To')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('The To date comes before the From date.')).toBeInTheDocument();
    expect(query(callsTo(fetchMock, 'GET /api/payments')[0]!)).toMatchObject({
      accountId: '3',
      from: '2028-05-01',
      to: '2028-04-01',
    });
  });

  it('pages 50 entries at a time with limit and offset', async () => {
    const many = Array.from({ length: 53 }, (_, i) => entry(i + 1));
    const fetchMock = paymentsServer((req) => {
      const { limit, offset } = query(req);
      return many.slice(Number(offset), Number(offset) + Number(limit));
    });
    renderApp('/admin/payments');
    await screen.findByRole('table');
    expect(bodyRows()).toHaveLength(50);
    const pages = screen.getByRole('navigation', { name: 'Payment pages' });
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(within(pages).getByText('Page 1')).toBeInTheDocument();

    await userEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    expect(query(callsTo(fetchMock, 'GET /api/payments').at(-1)!)).toEqual({
      limit: '51',
      offset: '50',
    });
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('table')).toHaveAccessibleName('Payments and refunds 51 to 53');

    // A new filter starts again at the first page.
    await userEvent.selectOptions(screen.getByLabelText('Church'), 'Grace Church');
    await waitFor(() =>
      expect(query(callsTo(fetchMock, 'GET /api/payments').at(-1)!)).toEqual({
        accountId: '3',
        limit: '51',
        offset: '0',
      }),
    );
  });

  it('says so when no entry matches', async () => {
    paymentsServer(() => []);
    renderApp('/admin/payments');
    expect(await screen.findByText(noEntries)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the load failure text', async () => {
    paymentsServer(undefined, { 'GET /api/payments': { status: 500 } });
    renderApp('/admin/payments');
    expect(await screen.findByText(ledgerFailed)).toBeInTheDocument();
  });

  it('opens a credit note in a new tab through its inline link', async () => {
    const fetchMock = paymentsServer(undefined, {
      'GET /api/documents/72/download': {
        body: { downloadUrl: '/api/documents/72/file?disposition=inline&sig=x', fileName: 'c.pdf' },
      },
    });
    renderApp('/admin/payments');
    await screen.findByRole('table');
    const { tab, open } = fakeTab();
    await userEvent.click(screen.getByRole('button', { name: /^View credit note/ }));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    await waitFor(() =>
      expect(tab.location.href).toBe('/api/documents/72/file?disposition=inline&sig=x'),
    );
    expect(query(callsTo(fetchMock, 'GET /api/documents/72/download')[0]!)).toEqual({
      disposition: 'inline',
    });
  });
});
