/**
 * Admin reservations, a group's stays: the guests expected and the final
 * count, the facility agreement as accepted (or not yet, once approved), on
 * the table and on a phone's cards.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cardFields } from '@/test/screen-texts.js';
import {
  cardOf,
  cellsOf,
  renderPage,
  reservation,
  sample,
} from '../../../test/reservations-test-server.js';
import { useIsPhone } from '@/components/useIsPhone.js';

// Wider screens unless a test says otherwise (happy-dom lays nothing out).
vi.mock('@/components/useIsPhone.js', () => ({ useIsPhone: vi.fn(() => false) }));

const ACCEPTED = 'Agreement v2026-1 accepted by Anna Lindqvist on Nov 26, 2026';

/** Group stays: one approved without its agreement, one with it and its final count, one pending. */
const groupStays = () => [
  reservation(11, 'Choir retreat', 'approved', '2028-06-05', '2028-06-07', undefined, {
    guests: 40,
    priceCents: 470000,
    depositCents: 117500,
    balanceDueDate: '2028-05-22',
  }),
  reservation(12, 'Youth camp', 'approved', '2028-08-01', '2028-08-03', undefined, {
    guests: 30,
    finalGuests: 28,
    balanceDueDate: '2028-07-18',
    agreement: {
      version: '2026-1',
      fullName: 'Anna Lindqvist',
      acceptedAt: '2026-11-26T12:00:00.000Z',
    },
  }),
  reservation(13, 'Elders weekend', 'pending', '2028-09-01', '2028-09-02', undefined, {
    guests: 1,
    balanceDueDate: '2028-08-18',
  }),
];

describe('admin reservations: group stays', () => {
  it('shows the guests, the final count and the agreement under the event and the payment', async () => {
    await renderPage([...sample(), ...groupStays()]);
    const [choirEvent, , , choirStatus] = cellsOf('Choir retreat');
    expect(
      within(choirEvent!).getByText('40 guests expected · Final count not given'),
    ).toBeVisible();
    expect(within(choirStatus!).getByText('Agreement not accepted yet')).toBeVisible();
    // Its stay page, searched among its member's reservations.
    expect(
      within(cellsOf('Choir retreat')[4]!).getByRole('link', {
        name: 'Open stay page for Choir retreat',
      }),
    ).toHaveAttribute('href', '/admin/reservations/11');

    const [youthEvent, , , youthStatus] = cellsOf('Youth camp');
    expect(within(youthEvent!).getByText('30 guests expected · Final count: 28')).toBeVisible();
    expect(within(youthStatus!).getByText(ACCEPTED)).toHaveAttribute('title', ACCEPTED);

    // Pending: its agreement may still come before its payment, nothing said yet.
    const [eldersEvent, , , eldersStatus] = cellsOf('Elders weekend');
    expect(
      within(eldersEvent!).getByText('1 guest expected · Final count not given'),
    ).toBeVisible();
    expect(eldersStatus).not.toHaveTextContent(/Agreement/);

    // A stay priced by the day has no guests and no agreement to show.
    const [summerEvent, , , summerStatus] = cellsOf('Summer camp');
    expect(summerEvent).not.toHaveTextContent(/guest|Final count/);
    expect(summerStatus).not.toHaveTextContent(/Agreement/);
  });

  describe('on a phone', () => {
    beforeEach(() => vi.mocked(useIsPhone).mockReturnValue(true));
    afterEach(() => vi.mocked(useIsPhone).mockReturnValue(false));

    it('gives a group stay Guests and Agreement fields, and a stay by the day neither', async () => {
      await renderPage([...sample(), ...groupStays()], {}, true);
      expect(cardFields(cardOf('Choir retreat'))).toMatchObject({
        Guests: '40 guests expected · Final count not given',
        Agreement: 'Agreement not accepted yet',
      });
      expect(cardFields(cardOf('Youth camp'))).toMatchObject({
        Guests: '30 guests expected · Final count: 28',
        Agreement: ACCEPTED,
      });
      expect(Object.keys(cardFields(cardOf('Elders weekend')))).not.toContain('Agreement');
      expect(Object.keys(cardFields(cardOf('Summer camp')))).toEqual([
        'Dates',
        'Member',
        'Church',
        'Status',
        'Payment',
      ]);
      expect(
        within(cardOf('Choir retreat')).getByRole('button', {
          name: 'Set final count for Choir retreat',
        }),
      ).toBeVisible();
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
    });
  });
});
