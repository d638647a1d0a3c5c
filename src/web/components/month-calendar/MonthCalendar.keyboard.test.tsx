/**
 * Month calendar: moving the focus with the keyboard across days and months,
 * selecting with Enter and Space, and the same moves in a read-only calendar.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { day, renderCalendar } from './month-calendar.testing.js';

describe('MonthCalendar', () => {
  it('moves focus with arrows, Home/End and PageUp/PageDown, crossing months', async () => {
    renderCalendar({ today: '2027-03-31' });
    const user = userEvent.setup();
    await user.tab(); // Previous month
    await user.tab(); // Next month
    await user.tab(); // the calendar's one focusable day
    expect(day(/^Wednesday, March 31, 2027/)).toHaveFocus();

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('heading', { name: 'April 2027' })).toBeInTheDocument();
    expect(day('Thursday, April 1, 2027, available')).toHaveFocus();

    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('heading', { name: 'March 2027' })).toBeInTheDocument();
    expect(day(/^Wednesday, March 31, 2027/)).toHaveFocus();

    await user.keyboard('{ArrowUp}');
    expect(day('Wednesday, March 24, 2027, available')).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(day('Wednesday, April 7, 2027, available')).toHaveFocus();

    await user.keyboard('{Home}');
    expect(day('Sunday, April 4, 2027, available')).toHaveFocus();
    await user.keyboard('{End}');
    expect(day('Saturday, April 10, 2027, available')).toHaveFocus();

    await user.keyboard('{PageDown}');
    expect(screen.getByRole('heading', { name: 'May 2027' })).toBeInTheDocument();
    expect(day('Monday, May 10, 2027, available')).toHaveFocus();
    await user.keyboard('{PageUp}{PageUp}');
    expect(day('Wednesday, March 10, 2027, available')).toHaveFocus();
    await user.keyboard('{Shift>}{PageDown}{/Shift}');
    expect(day('Friday, March 10, 2028, available')).toHaveFocus();

    // The focused day is the only one in the tab order.
    expect(day('Friday, March 10, 2028, available')).toHaveAttribute('tabindex', '0');
    expect(day('Saturday, March 11, 2028, available')).toHaveAttribute('tabindex', '-1');
  });

  it('Home and End stop at the edges of the month; PageDown clamps to shorter months', async () => {
    renderCalendar({ today: '2027-01-31', start: { year: 2027, month: 1 } });
    const user = userEvent.setup();
    day(/^Sunday, January 31, 2027/).focus();
    await user.keyboard('{End}');
    expect(day(/^Sunday, January 31, 2027/)).toHaveFocus();
    await user.keyboard('{PageDown}');
    expect(day('Sunday, February 28, 2027, available')).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}{ArrowLeft}');
    expect(day('Saturday, February 6, 2027, available')).toHaveFocus();
    // The week's Sunday is January 31: Home stops at February 1.
    await user.keyboard('{Home}');
    expect(day('Monday, February 1, 2027, available')).toHaveFocus();
  });

  it('selects with Enter and Space', async () => {
    const onSelect = vi.fn();
    renderCalendar({ onSelect, today: '2027-03-10' });
    const user = userEvent.setup();
    day(/^Wednesday, March 10, 2027/).focus();
    await user.keyboard('{Enter}');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    await user.keyboard(' ');
    expect(onSelect.mock.calls).toEqual([['2027-03-10'], ['2027-03-12']]);
    expect(day('Friday, March 12, 2027, selected')).toHaveFocus();
  });

  it('read-only: focusable named cells, no buttons, the same keyboard moves', async () => {
    renderCalendar({
      readOnly: true,
      today: '2027-03-01',
      getDay: (key) =>
        key === '2027-03-02'
          ? { state: 'reserved', label: 'Reserved', tone: 'reserved' }
          : { state: 'available' },
    });
    const grid = screen.getByRole('grid');
    expect(grid).toHaveAttribute('aria-readonly', 'true');
    expect(within(grid).queryAllByRole('button')).toHaveLength(0);
    const reserved = screen.getByRole('gridcell', { name: 'Tuesday, March 2, 2027, reserved' });
    expect(reserved).toHaveTextContent('Reserved');
    screen.getByRole('gridcell', { name: /^Monday, March 1, 2027, today/ }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(reserved).toHaveFocus();
  });
});
