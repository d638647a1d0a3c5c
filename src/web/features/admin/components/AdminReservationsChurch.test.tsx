import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, renderApp } from '@/test/utils.js';
import { cardFields, optionTexts, tabTexts } from '@/test/screen-texts.js';
import { useIsPhone } from '@/components/useIsPhone.js';
import {
  cardOf,
  cellsOf,
  eventNames,
  fakeServer,
  renderPage,
  sample,
} from '../../../test/reservations-test-server.js';

// Wider screens unless a test says otherwise (happy-dom lays nothing out).
vi.mock('@/components/useIsPhone.js', () => ({ useIsPhone: vi.fn(() => false) }));

/** The church filter of each page asked for (every page is of a tab: status, limit, offset). */
const reservationsQueries = (fetchMock: ReturnType<typeof fakeServer>) =>
  callsTo(fetchMock, 'GET /api/reservations').map((c) => {
    const q = new URL(c.url, 'http://localhost').searchParams;
    expect(q.get('limit')).toBe('51');
    expect(q.get('status')).toBeTruthy();
    return q.has('accountId') ? `?accountId=${q.get('accountId')}` : '';
  });

describe('admin reservations: the church', () => {
  it("shows each reservation's church in its own column, linking to the church's page", async () => {
    await renderPage();
    const church = cellsOf('Spring retreat')[2]!;
    expect(within(church).getByRole('link', { name: 'Grace Church' })).toHaveAttribute(
      'href',
      '/admin/accounts/21',
    );
    expect(within(cellsOf('Youth weekend')[2]!).getByRole('link')).toHaveAttribute(
      'href',
      '/admin/accounts/22',
    );
  });

  it('filters by church on the server, beside the user filter, and kept in the address', async () => {
    const { fetchMock, router } = await renderPage();
    const church = screen.getByLabelText('Filter by church');
    await waitFor(() =>
      expect(optionTexts(church)).toEqual([
        'All churches',
        'Grace Church',
        'Hope Chapel',
        'Zion Fellowship',
      ]),
    );
    expect(reservationsQueries(fetchMock)).toEqual(['']);

    await userEvent.selectOptions(church, 'Hope Chapel');
    await waitFor(() => expect(eventNames()).toEqual(['Youth weekend']));
    expect(reservationsQueries(fetchMock).at(-1)).toBe('?accountId=22');
    expect(router.state.location.search).toBe('?account=22');
    // The user filter offers the members of that church only.
    expect(optionTexts(screen.getByLabelText('Filter by user'))).toEqual(['All users', 'ben']);
    expect(tabTexts()).toEqual([
      'All Active (1)',
      'Pending (1)',
      'Approved (0)',
      'Rejected (1)',
      'Cancelled (0)',
    ]);

    await userEvent.selectOptions(church, 'Zion Fellowship');
    expect(await screen.findByText(/No reservations/)).toBeInTheDocument();
    // The filters stay while another church's list loads and after.
    expect(screen.getByLabelText('Filter by church')).toHaveValue('23');

    await userEvent.selectOptions(screen.getByLabelText('Filter by church'), 'All churches');
    await waitFor(() =>
      expect(eventNames()).toEqual(['Spring retreat', 'Youth weekend', 'Summer camp']),
    );
    expect(router.state.location.search).toBe('');
  });

  it('a new church starts with every member of it', async () => {
    fakeServer(sample());
    const { router } = renderApp('/admin/reservations?user=11');
    await screen.findByRole('table');
    expect(screen.getByLabelText('Filter by user')).toHaveValue('11');
    await screen.findByRole('option', { name: 'Hope Chapel' });
    await userEvent.selectOptions(screen.getByLabelText('Filter by church'), 'Hope Chapel');
    await waitFor(() => expect(router.state.location.search).toBe('?account=22'));
    expect(screen.getByLabelText('Filter by user')).toHaveValue('');
  });

  it('opens on the church of the address', async () => {
    const fetchMock = fakeServer(sample());
    renderApp('/admin/reservations?account=21&tab=cancelled');
    await screen.findByRole('table');
    expect(reservationsQueries(fetchMock)).toEqual(['?accountId=21']);
    await waitFor(() => expect(screen.getByLabelText('Filter by church')).toHaveValue('21'));
    expect(eventNames()).toEqual(['Elders meeting']);
  });
});

describe('admin reservations: the church on a phone', () => {
  beforeEach(() => vi.mocked(useIsPhone).mockReturnValue(true));
  afterEach(() => vi.mocked(useIsPhone).mockReturnValue(false));

  it("shows the church as a field of each card, linking to the church's page", async () => {
    await renderPage(sample(), {}, true);
    expect(cardFields(cardOf('Youth weekend')).Church).toBe('Hope Chapel');
    expect(
      within(cardOf('Spring retreat')).getByRole('link', { name: 'Grace Church' }),
    ).toHaveAttribute('href', '/admin/accounts/21');
  });
});
