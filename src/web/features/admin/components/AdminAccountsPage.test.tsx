import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { messages } from '../../../../shared/messages.js';
import { callsTo, mockApi, renderApp, testAdmin } from '@/test/utils.js';
import { headerTexts, rowTexts } from '@/test/screen-texts.js';
import { useIsPhone } from '@/components/useIsPhone.js';
import {
  churchesServer,
  LONG_CHURCH,
  renderChurchPage,
} from '../../../test/accounts-test-server.js';

// Wider screens unless a test says otherwise (happy-dom lays nothing out).
vi.mock('@/components/useIsPhone.js', () => ({ useIsPhone: vi.fn(() => false) }));

const table = (name: string | RegExp) => screen.getByRole('table', { name });
const rowsOf = (name: string | RegExp) => rowTexts(table(name));

describe('admin churches: the list', () => {
  it('lists every church by name with its counts and money paid, each linking to its page', async () => {
    await renderChurchPage('/admin/accounts', 'Churches');
    const nav = screen.getByRole('navigation', { name: 'Administration' });
    expect(within(nav).getByRole('link', { name: 'Churches' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await screen.findByRole('table', { name: 'Churches, by name' });
    expect(headerTexts(table('Churches, by name'))).toEqual([
      'Church',
      'Members',
      'Reservations',
      'Paid',
      'Documents',
    ]);
    expect(rowsOf('Churches, by name')).toEqual([
      ['Grace Chapel', '1', '3', '$0.00', '0'],
      ['Hope Church', '2', '1', '$450.00', '2'],
      [LONG_CHURCH, '0', '0', '$0.00', '0'],
    ]);
    expect(screen.getByRole('link', { name: 'Hope Church' })).toHaveAttribute(
      'href',
      '/admin/accounts/3',
    );
  });

  it('shows the load failure text', async () => {
    mockApi(
      { 'GET /api/accounts': { status: 500, body: { message: 'Something went wrong.' } } },
      { user: testAdmin },
    );
    renderApp('/admin/accounts');
    expect(await screen.findByText('Could not fetch the churches.')).toBeInTheDocument();
  });
});

describe('admin churches: one church', () => {
  it('shows its details, responsible persons, members, reservations, payments and documents', async () => {
    await renderChurchPage('/admin/accounts/3', 'Hope Church');
    expect(screen.getByRole('link', { name: 'All churches' })).toHaveAttribute(
      'href',
      '/admin/accounts',
    );
    const details = screen.getByRole('region', { name: 'Details' });
    const fields = Object.fromEntries(
      [...details.querySelectorAll('dl')[0]!.querySelectorAll('dt')].map((dt) => [
        dt.textContent,
        dt.nextElementSibling?.textContent,
      ]),
    );
    expect(fields).toEqual({
      'Primary contact': 'Carol Jones',
      Phone: '+1 555 0100',
      Email: 'office@hope.example.org',
      Address: '1 Church Lane, Springfield',
    });
    const persons = within(details).getByRole('list', { name: 'Responsible persons' });
    expect(within(persons).getByRole('listitem')).toHaveTextContent(
      /^Pastor FrankPhone—Emailfrank@hope\.example\.orgAddress—$/,
    );

    expect(rowsOf('Members of Hope Church')).toEqual([
      ['carol', 'carol@example.org', 'User', 'Active'],
      ['frank', '—', 'User', 'Inactive'],
    ]);
    expect(
      screen.getByRole('link', { name: 'Manage the members of Hope Church in Users' }),
    ).toHaveAttribute('href', '/admin/users?account=3');

    const stays = rowsOf('Reservations of Hope Church, by start date');
    expect(stays).toHaveLength(1);
    expect(stays[0]!.slice(0, 3)).toEqual([
      'Summer camp',
      '2027-07-01 to 2027-07-033 days',
      'carol',
    ]);
    expect(
      screen.getByRole('link', { name: 'Manage the reservations of Hope Church in Reservations' }),
    ).toHaveAttribute('href', '/admin/reservations?account=3');

    const payments = screen.getByRole('region', { name: 'Payments' });
    expect(within(payments).getAllByText('$450.00').length).toBeGreaterThan(0);
    // The page is the church's own: its ledger leaves the Church column out.
    const ledger = within(payments).getByRole('table', {
      name: 'Payments and refunds of Hope Church',
    });
    expect(headerTexts(ledger)).toEqual([
      'Date',
      'Event',
      'Kind',
      'Amount',
      'Reason and reference',
      'Document',
    ]);
    expect(
      within(payments).getByRole('link', { name: 'Totals and export of Hope Church in Payments' }),
    ).toHaveAttribute('href', '/admin/payments?account=3');

    expect(rowsOf('Documents of Hope Church')).toEqual([
      ['insurance.pdf', 'Insurance certificate', 'Upload', '2027-03-05', '2.00', 'Download'],
      [
        'receipt-9.pdf',
        'Payment receipt - Reservation ID: 9',
        'Receipt',
        '2027-03-05',
        '2.00',
        'Download',
      ],
    ]);
  });

  it('downloads a document through its signed link', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    onTestFinished(() => click.mockRestore());
    const { fetchMock } = await renderChurchPage('/admin/accounts/3', 'Hope Church');
    await userEvent.click(screen.getByRole('button', { name: 'Download insurance.pdf' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(callsTo(fetchMock, 'GET /api/documents/40/download')[0]?.url).toBe(
      '/api/documents/40/download?disposition=attachment',
    );
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.getAttribute('href')).toBe('/api/documents/40/file?sig=s');
    expect(link.download).toBe('insurance.pdf');
  });

  it("uploads a PDF for the church to the church's upload address, then lists it", async () => {
    const { fetchMock } = await renderChurchPage('/admin/accounts/3', 'Hope Church');
    const form = screen.getByRole('region', { name: 'Upload a document for this church' });
    await userEvent.click(within(form).getByRole('button', { name: 'Upload Document' }));
    expect(within(form).getByText(messages.selectFileToUpload)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/documents/upload')).toHaveLength(0);

    const file = new File(['%PDF-1.4 minutes'], 'minutes.pdf', { type: 'application/pdf' });
    await userEvent.upload(form.querySelector<HTMLInputElement>('input[type="file"]')!, file);
    await userEvent.type(
      within(form).getByRole('textbox', { name: /Description/ }),
      'Board minutes',
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Upload Document' }));
    expect(await within(form).findByText('Document uploaded.')).toBeInTheDocument();

    const [call] = callsTo(fetchMock, 'POST /api/documents/upload');
    expect(call!.url).toBe('/api/documents/upload?accountId=3');
    const body = call!.body as FormData;
    expect((body.get('documentFile') as File).name).toBe('minutes.pdf');
    expect(body.get('description')).toBe('Board minutes');
    // The church is fetched again: the new document is listed and takes the focus.
    await waitFor(() => expect(document.getElementById('document-90')).toHaveFocus());
    expect(document.getElementById('document-90')).toHaveTextContent('minutes.pdf');
  });

  it('says so for a church that does not exist, or an address that is no church', async () => {
    churchesServer();
    renderApp('/admin/accounts/99');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Church not found' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('There is no church with this address.')).toBeInTheDocument();
  });

  it('does not ask for a church whose id is not a number', async () => {
    const fetchMock = churchesServer();
    renderApp('/admin/accounts/abc');
    await screen.findByRole('heading', { level: 1, name: 'Church not found' }, { timeout: 5000 });
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/accounts/'))).toBe(
      false,
    );
  });
});

describe('admin churches on a phone', () => {
  beforeEach(() => vi.mocked(useIsPhone).mockReturnValue(true));
  afterEach(() => vi.mocked(useIsPhone).mockReturnValue(false));

  it('shows the churches, members and documents as cards with labelled fields', async () => {
    await renderChurchPage('/admin/accounts', 'Churches');
    const list = await screen.findByRole('list', { name: 'Churches, by name' });
    const hope = within(list)
      .getAllByRole('listitem')
      .find((card) => card.id === 'church-3')!;
    const fields = [...hope.querySelectorAll('dt')].map(
      (dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`,
    );
    expect(fields).toEqual(['Members: 2', 'Reservations: 1', 'Paid: $450.00', 'Documents: 2']);
    await userEvent.click(within(hope).getByRole('link', { name: 'Hope Church' }));

    await screen.findByRole('heading', { level: 1, name: 'Hope Church' });
    const members = screen.getByRole('list', { name: 'Members of Hope Church' });
    expect(within(members).getAllByRole('listitem')).toHaveLength(2);
    const documents = screen.getByRole('list', { name: 'Documents of Hope Church' });
    const insurance = within(documents).getAllByRole('listitem')[0]!;
    expect(
      within(insurance).getByRole('button', { name: 'Download insurance.pdf' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: /Members|Documents|Reservations/ })).toBeNull();
  });
});
