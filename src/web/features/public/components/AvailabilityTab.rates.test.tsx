import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { describeGroupRates } from '../../../../shared/group-pricing.js';
import { groupRules } from '../../../../shared/group-pricing.testing.js';
import { callsTo, facilityInfo, mockApi, renderApp } from '@/test/utils.js';

const facility = facilityInfo('America/Chicago');

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2027-03-05T20:00:00.000Z'), toFake: ['Date'] });
});

/** A house priced per person, as content/pricing.json ships it. */
const groupHouse = groupRules({
  defaultLabel: 'House',
  cancellationPolicy: [{ daysBeforeStart: 14, refundPercent: 50 }],
});

describe('Availability tab: rates', () => {
  it('states the rates and the cancellation policy below the calendar', async () => {
    const fetchMock = mockApi({
      'GET /api/facility/info': facility,
      'GET /api/reservations/public-calendar': { body: [] },
      'GET /api/facility/pricing': {
        body: {
          dailyRateCents: 15000,
          currency: 'USD',
          defaultLabel: 'Daily rate',
          seasons: [
            { label: 'Summer', from: '06-01', to: '08-31', dailyRateCents: 20000 },
            { label: 'Christmas', from: '12-20', to: '01-06', dailyRateCents: 25000 },
          ],
          weekdayRates: [{ label: 'Weekend', weekdays: [6, 0], dailyRateCents: 18000 }],
          cancellationPolicy: [{ daysBeforeStart: 14, refundPercent: 50 }],
          groupRates: [],
          policyDescription:
            'Refund on cancellation: 50% when cancelled 14 or more days before arrival.',
        },
      },
    });
    const { queryClient } = renderApp('/facilities/availability');
    const rates = await screen.findByRole('region', { name: 'Rates' });
    // Below the calendar.
    const grid = await screen.findByRole('grid', { name: 'March 2027' });
    expect(grid.compareDocumentPosition(rates) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(
      await within(rates).findByText(
        'Refund on cancellation: 50% when cancelled 14 or more days before arrival.',
      ),
    ).toBeInTheDocument();
    expect(
      within(rates)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Daily rate: $150.00 a day',
      'Summer (June 1 to August 31): $200.00 a day',
      'Christmas (December 20 to January 6): $250.00 a day',
      'Weekend (Saturday and Sunday): $180.00 a day',
    ]);
    expect(within(rates).getByText(/Season rates take precedence/)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /api/facility/pricing')).toHaveLength(1);
    // Public data: it survives a logout.
    expect(queryClient.getQueryCache().findAll({ queryKey: ['public', 'pricing'] })).toHaveLength(
      1,
    );
  });

  it('says so when the rates cannot be loaded', async () => {
    mockApi({
      'GET /api/facility/info': facility,
      'GET /api/reservations/public-calendar': { body: [] },
      'GET /api/facility/pricing': { status: 500 },
    });
    renderApp('/facilities/availability');
    expect(
      await screen.findByText('The rates could not be loaded. Please try again later.'),
    ).toBeInTheDocument();
    // The month is drawn in the background, just after.
    expect(await screen.findByRole('grid', { name: 'March 2027' })).toBeInTheDocument();
  });

  it("lists a group's rates per person, its deposit and due days", async () => {
    mockApi({
      'GET /api/facility/info': facility,
      'GET /api/reservations/public-calendar': { body: [] },
      'GET /api/facility/pricing': {
        body: {
          ...groupHouse,
          groupRates: describeGroupRates(groupHouse.group!, 'USD'),
          policyDescription:
            'Refund on cancellation: 50% when cancelled 14 or more days before arrival.',
        },
      },
    });
    renderApp('/facilities/availability');
    const rates = await screen.findByRole('region', { name: 'Rates' });
    expect(await within(rates).findByText('Groups are priced per person:')).toBeInTheDocument();
    // The house's day rate of nothing is left out.
    expect(
      within(rates)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '$65.00 per person per night; $25.00 per person for a day without a night.',
      'Three meals a day: $35.00 per person per day.',
      'Groups of 12 to 40; a smaller group is billed for 12.',
    ]);
    expect(within(rates).queryByText(/Prices are per day/)).not.toBeInTheDocument();
    expect(
      within(rates).getByText(
        'A deposit of 25% of the price confirms a stay; it is not refunded. The balance is due 14 days before arrival, the final number of guests 10 days before.',
      ),
    ).toBeInTheDocument();
    expect(
      within(rates).getByText(
        'Refund on cancellation: 50% when cancelled 14 or more days before arrival.',
      ),
    ).toBeInTheDocument();
  });
});
