/**
 * My Reservations: the list of the member's reservations, its status tabs and
 * expandable details, and how it works with the calendar's selection and highlight.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { messages } from '../../../../shared/messages.js';
import { fixDateForEachTest } from '@/test/utils.js';
import { headerTexts } from '@/test/screen-texts.js';
import {
  NOW,
  day,
  days,
  findDay,
  openPage,
  reservation,
  reservationServer,
  waitForList,
} from '../reservations.testing.js';

fixDateForEachTest(NOW);

describe('My Reservations: list', () => {
  const mine = () => [
    reservation({
      ...days('2027-05-01', '2027-05-02'),
      eventName: 'May retreat',
      status: 'approved',
    }),
    reservation({
      ...days('2027-03-20', '2027-03-22'),
      eventName: 'March retreat',
      status: 'pending',
      eventDescription: '',
      additionalInfo: 'Bring food',
    }),
    reservation({
      ...days('2027-04-01', '2027-04-01'),
      eventName: 'Cancelled day',
      status: 'cancelled',
      cancellationReason: 'user_cancelled',
    }),
    reservation({
      ...days('2027-04-03', '2027-04-03'),
      eventName: 'Rejected day',
      status: 'rejected',
      adminNotes: 'The house is closed for repairs.',
    }),
  ];

  it('has tabs with counts; All holds pending and approved, sorted by start', async () => {
    reservationServer({ mine: mine() });
    await openPage();
    expect(await screen.findByRole('tab', { name: 'All (2)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('tab', { name: 'Pending (1)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Approved (1)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Rejected (1)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Cancelled (1)' })).toBeInTheDocument();
    const table = screen.getByRole('table');
    expect(headerTexts(table)).toEqual(['Event Name', 'Dates', 'Status', 'Action']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual([
      'March retreat',
      'May retreat',
    ]);
    expect(within(rows[0]!).getByRole('button', { name: 'Show Details' })).toBeInTheDocument();
  });

  it('shows the empty text for a tab without reservations', async () => {
    reservationServer({ mine: [mine()[0]!] });
    await openPage();
    await userEvent.click(await screen.findByRole('tab', { name: 'Rejected (0)' }));
    expect(screen.getByText(messages.noReservationsForFilter)).toBeInTheDocument();
  });

  it('expands details: description or Not provided, additional info or None, and the actions', async () => {
    reservationServer({ mine: mine() });
    await openPage();
    const user = userEvent.setup();
    const row = (await screen.findByText('March retreat')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Show Details' }));
    const toggle = within(row).getByRole('button', { name: 'Hide Details' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const details = within(document.getElementById(toggle.getAttribute('aria-controls')!)!);
    expect(details.getByText('Not provided')).toBeInTheDocument();
    expect(details.getByText('Bring food')).toBeInTheDocument();
    expect(details.getByRole('button', { name: 'Edit Details' })).toBeInTheDocument();
    expect(details.getByRole('button', { name: 'Cancel This Reservation' })).toBeInTheDocument();
    // Clicking the row again collapses it.
    await user.click(within(row).getByText('March retreat'));
    expect(screen.queryByRole('button', { name: 'Edit Details' })).not.toBeInTheDocument();

    const may = (await screen.findByText('May retreat')).closest('tr')!;
    await user.click(within(may).getByText('May retreat'));
    expect(screen.getByText('Description')).toBeInTheDocument();
    expect(screen.getByText('None')).toBeInTheDocument();
  });

  it('shows the cancellation reason with spaces, and no actions, for a cancelled one', async () => {
    reservationServer({ mine: mine() });
    await openPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Cancelled (1)' }));
    await user.click(await screen.findByRole('button', { name: 'Show Details' }));
    expect(screen.getByText('Cancellation Reason')).toBeInTheDocument();
    expect(screen.getByText('user cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Details' })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Cancel This Reservation' }),
    ).not.toBeInTheDocument();
  });

  it('shows the admin notes as the rejection reason for a rejected one', async () => {
    reservationServer({ mine: mine() });
    await openPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Rejected (1)' }));
    await user.click(await screen.findByRole('button', { name: 'Show Details' }));
    expect(screen.getByText('Rejection Reason')).toBeInTheDocument();
    expect(screen.getByText('The house is closed for repairs.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Details' })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Cancel This Reservation' }),
    ).not.toBeInTheDocument();
  });

  it('highlights an expanded pending row on the calendar and scrolls to it after 10 ms', async () => {
    const scroll = vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(() => {});
    onTestFinished(() => scroll.mockRestore());
    reservationServer({ mine: mine() });
    await openPage();
    const user = userEvent.setup();
    await user.click(await screen.findByText('May retreat'));
    // The calendar shows the reservation's month, its days highlighted.
    expect(
      await findDay('Saturday, May 1, 2027, your reservation, approved, highlighted'),
    ).toHaveAttribute('data-highlighted', 'true');
    expect(day('Sunday, May 2, 2027, your reservation, approved, highlighted')).toBeInTheDocument();
    await waitFor(() =>
      expect(scroll).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' }),
    );
    expect(scroll.mock.contexts[0]).toBe(screen.getByRole('grid').closest('section'));
  });

  it('a date selection clears the expanded row; expanding hides the form', async () => {
    reservationServer({ mine: mine() });
    await openPage();
    const user = userEvent.setup();
    await user.click(day('Wednesday, March 10, 2027, available'));
    expect(screen.getByRole('heading', { name: 'New Reservation' })).toBeInTheDocument();
    await user.click((await screen.findAllByRole('button', { name: 'Show Details' }))[0]!);
    expect(screen.queryByRole('heading', { name: 'New Reservation' })).not.toBeInTheDocument();
    await user.click(day('Thursday, March 11, 2027, available'));
    expect(screen.queryByRole('button', { name: 'Hide Details' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'New Reservation' })).toBeInTheDocument();
  });

  it('choosing a tab clears the selection and the expanded row', async () => {
    reservationServer({ mine: mine() });
    await openPage();
    const user = userEvent.setup();
    await user.click(day('Wednesday, March 10, 2027, available'));
    await user.click((await screen.findAllByRole('button', { name: 'Show Details' }))[0]!);
    // Both at once: the selection stays while a reservation is viewed (the form is hidden).
    expect(day('Wednesday, March 10, 2027, selected')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hide Details' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Pending (1)' }));
    expect(day('Wednesday, March 10, 2027, available')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'New Reservation' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show Details' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await user.click(screen.getByRole('tab', { name: 'All (2)' }));
    expect(screen.queryByRole('button', { name: 'Hide Details' })).not.toBeInTheDocument();
  });

  it('a click on a day of an own reservation shows its details', async () => {
    reservationServer({ mine: mine() });
    await openPage();
    await waitForList();
    await userEvent.click(await findDay('Sunday, March 21, 2027, your reservation, pending'));
    expect(screen.getByRole('button', { name: 'Hide Details' })).toBeInTheDocument();
    expect(screen.getByText('Bring food')).toBeInTheDocument();
  });
});
