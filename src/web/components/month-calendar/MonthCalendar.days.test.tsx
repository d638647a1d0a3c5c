/**
 * Month calendar: a grid of Sunday-first weeks whose days are named by date and
 * state, selected with a click unless disabled, and the month buttons.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { day, renderCalendar } from './month-calendar.testing.js';

describe('MonthCalendar', () => {
  it('is a grid of Sunday-first weeks with column headers and a month title', () => {
    renderCalendar();
    expect(screen.getByRole('heading', { name: 'March 2027' })).toBeInTheDocument();
    const grid = screen.getByRole('grid', { name: 'March 2027' });
    const headers = within(grid).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual([
      'Sun',
      'Mon',
      'Tue',
      'Wed',
      'Thu',
      'Fri',
      'Sat',
    ]);
    // March 2027 starts on a Monday and has 31 days: 5 weeks of 7 cells.
    const rows = within(grid).getAllByRole('row');
    expect(rows).toHaveLength(6);
    for (const row of rows.slice(1)) expect(within(row).getAllByRole('gridcell')).toHaveLength(7);
    const firstWeek = within(rows[1]!).getAllByRole('gridcell');
    expect(firstWeek[0]).toBeEmptyDOMElement();
    expect(within(firstWeek[1]!).getByRole('button')).toHaveAccessibleName(
      'Monday, March 1, 2027, available',
    );
    expect(within(grid).getAllByRole('button')).toHaveLength(31);
  });

  it('names each day by its full date and state, and shows its label', () => {
    renderCalendar({
      today: '2027-03-05',
      getDay: (key) =>
        key === '2027-03-10'
          ? { state: 'reserved', label: 'Reserved', tone: 'reserved', disabled: true }
          : key === '2027-03-11'
            ? { state: 'your reservation, pending', label: 'Pending', tone: 'pending' }
            : key < '2027-03-05'
              ? { state: 'past', tone: 'past', disabled: true }
              : { state: 'available', tone: 'available' },
    });
    const reserved = day('Wednesday, March 10, 2027, reserved');
    expect(reserved).toHaveTextContent('10Reserved');
    expect(reserved).toHaveAttribute('aria-disabled', 'true');
    expect(reserved).toHaveAttribute('data-tone', 'reserved');
    expect(day('Thursday, March 11, 2027, your reservation, pending')).toHaveTextContent('Pending');
    expect(day('Thursday, March 4, 2027, past')).toHaveAttribute('aria-disabled', 'true');
    const today = day('Friday, March 5, 2027, today, available');
    expect(today).toHaveAttribute('aria-current', 'date');
    // Roving tabindex: today is the one day in the tab order.
    expect(today).toHaveAttribute('tabindex', '0');
    const days = screen.getAllByRole('button').filter((b) => b.hasAttribute('data-day'));
    expect(days.filter((b) => b.getAttribute('tabindex') === '0')).toEqual([today]);
  });

  it('selects with a click and announces the selected days; disabled days do nothing', async () => {
    const onSelect = vi.fn();
    renderCalendar({
      onSelect,
      today: '2027-03-05',
      getDay: (key) =>
        key < '2027-03-05'
          ? { state: 'past', tone: 'past', disabled: true }
          : { state: 'available' },
    });
    const user = userEvent.setup();
    await user.click(day('Tuesday, March 2, 2027, past'));
    expect(onSelect).not.toHaveBeenCalled();
    await user.click(day('Wednesday, March 10, 2027, available'));
    await user.click(day('Friday, March 12, 2027, available'));
    expect(onSelect.mock.calls).toEqual([['2027-03-10'], ['2027-03-12']]);
    expect(day('Wednesday, March 10, 2027, selected')).toHaveAttribute('data-selected', 'true');
    expect(day('Thursday, March 11, 2027, selected').closest('td')).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(day('Friday, March 12, 2027, selected')).toBeInTheDocument();
    expect(day('Saturday, March 13, 2027, available').closest('td')).toHaveAttribute(
      'aria-selected',
      'false',
    );
  });

  it('honours the isDisabled prop', async () => {
    const onSelect = vi.fn();
    renderCalendar({ onSelect, isDisabled: (key) => key === '2027-03-20' });
    await userEvent.click(day('Saturday, March 20, 2027, available'));
    expect(day('Saturday, March 20, 2027, available')).toHaveAttribute('aria-disabled', 'true');
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('reports a click or Enter on a disabled day to onSelectDisabled, not to onSelect', async () => {
    const onSelect = vi.fn();
    const onSelectDisabled = vi.fn();
    renderCalendar({
      onSelect,
      onSelectDisabled,
      getDay: (key) =>
        key === '2027-03-11'
          ? { state: 'reserved', tone: 'reserved', disabled: true }
          : { state: 'available' },
    });
    const user = userEvent.setup();
    await user.click(day('Wednesday, March 10, 2027, available'));
    await user.click(day('Thursday, March 11, 2027, reserved'));
    expect(day('Thursday, March 11, 2027, reserved')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onSelect.mock.calls).toEqual([['2027-03-10']]);
    expect(onSelectDisabled.mock.calls).toEqual([['2027-03-11'], ['2027-03-11']]);
    expect(day('Thursday, March 11, 2027, reserved').closest('td')).toHaveAttribute(
      'aria-selected',
      'false',
    );
  });

  it('changes the month with the previous and next buttons', async () => {
    renderCalendar({ start: { year: 2027, month: 12 } });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByRole('heading', { name: 'January 2028' })).toBeInTheDocument();
    expect(day('Saturday, January 1, 2028, available')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(screen.getByRole('heading', { name: 'November 2027' })).toBeInTheDocument();
    expect(screen.getByRole('grid')).toHaveAccessibleName('November 2027');
  });
});
