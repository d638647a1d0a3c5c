import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { DayKey } from '../../../shared/dates.js';
import { MonthCalendar, type DayInfo, type DaySelection } from './index.js';
import { atPhoneWidth } from '../../test/utils.js';

interface HarnessProps {
  start?: { year: number; month: number };
  getDay?: (key: DayKey) => DayInfo;
  selection?: DaySelection | null;
  onSelect?: (key: DayKey) => void;
  readOnly?: boolean;
  today?: DayKey;
  isDisabled?: (key: DayKey) => boolean;
  onSelectDisabled?: (key: DayKey) => void;
}

function Harness({ start = { year: 2027, month: 3 }, readOnly, onSelect, ...rest }: HarnessProps) {
  const [view, setView] = useState(start);
  const [selected, setSelected] = useState<DaySelection | null>(rest.selection ?? null);
  return (
    <MonthCalendar
      year={view.year}
      month={view.month}
      onMonthChange={(year, month) => setView({ year, month })}
      getDay={rest.getDay}
      today={rest.today}
      isDisabled={rest.isDisabled}
      onSelectDisabled={rest.onSelectDisabled}
      selection={selected}
      onSelect={
        readOnly
          ? undefined
          : (key) => {
              onSelect?.(key);
              setSelected((s) =>
                s && !s.end && s.start !== key ? { start: s.start, end: key } : { start: key },
              );
            }
      }
    />
  );
}

function renderCalendar(props: HarnessProps = {}) {
  return render(
    <MantineProvider env="test">
      <Harness {...props} />
    </MantineProvider>,
  );
}

const day = (name: string | RegExp) => screen.getByRole('button', { name });

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

const LABELLED: Record<DayKey, DayInfo> = {
  '2027-03-10': { state: 'reserved', label: 'Reserved', tone: 'reserved', disabled: true },
  '2027-03-11': { state: 'your reservation, pending', label: 'Pending', tone: 'pending' },
  '2027-03-12': { state: 'your reservation, approved', label: 'Approved', tone: 'approved' },
  '2027-03-13': { state: 'your reservation, rejected', label: 'Rejected', tone: 'rejected' },
  '2027-03-14': { state: 'your reservation, cancelled', label: 'Cancelled', tone: 'cancelled' },
  '2027-03-15': { state: 'held', label: 'Held for repairs', shortLabel: 'Held' },
};
const labelled = (key: DayKey): DayInfo => LABELLED[key] ?? { state: 'available' };

describe('MonthCalendar on a phone', () => {
  it('shows arrows for the month buttons, still named Previous month and Next month', async () => {
    atPhoneWidth();
    renderCalendar({ start: { year: 2027, month: 12 } });
    const previous = screen.getByRole('button', { name: 'Previous month' });
    const next = screen.getByRole('button', { name: 'Next month' });
    expect(previous).toHaveTextContent(/^‹$/);
    expect(next).toHaveTextContent(/^›$/);
    await userEvent.click(next);
    expect(screen.getByRole('heading', { name: 'January 2028' })).toBeInTheDocument();
    await userEvent.click(previous);
    expect(screen.getByRole('heading', { name: 'December 2027' })).toBeInTheDocument();
  });

  it('shows short day labels that never break, the full word staying in the name', () => {
    atPhoneWidth();
    renderCalendar({ getDay: labelled });
    expect(day('Wednesday, March 10, 2027, reserved')).toHaveTextContent(/^10Res\.$/);
    expect(day('Thursday, March 11, 2027, your reservation, pending')).toHaveTextContent(
      /^11Pend\.$/,
    );
    expect(day('Friday, March 12, 2027, your reservation, approved')).toHaveTextContent(
      /^12Appr\.$/,
    );
    expect(day('Saturday, March 13, 2027, your reservation, rejected')).toHaveTextContent(
      /^13Rej\.$/,
    );
    expect(day('Sunday, March 14, 2027, your reservation, cancelled')).toHaveTextContent(
      /^14Canc\.$/,
    );
    // A caller's own short form wins.
    expect(day('Monday, March 15, 2027, held')).toHaveTextContent(/^15Held$/);
    const grid = screen.getByRole('grid');
    expect(grid.closest('[data-compact]')).not.toBeNull();
  });

  it('read-only: the same short labels in named cells', () => {
    atPhoneWidth();
    renderCalendar({ readOnly: true, getDay: labelled });
    expect(
      screen.getByRole('gridcell', { name: 'Wednesday, March 10, 2027, reserved' }),
    ).toHaveTextContent(/^10Res\.$/);
  });

  it('keeps the full labels and worded month buttons on a wider screen', () => {
    renderCalendar({ getDay: labelled });
    expect(day('Wednesday, March 10, 2027, reserved')).toHaveTextContent(/^10Reserved$/);
    expect(day('Sunday, March 14, 2027, your reservation, cancelled')).toHaveTextContent(
      /^14Cancelled$/,
    );
    expect(screen.getByRole('button', { name: 'Previous month' })).toHaveTextContent(
      '‹Previous month',
    );
    expect(screen.getByRole('button', { name: 'Next month' })).toHaveTextContent('Next month›');
    expect(screen.getByRole('grid').closest('[data-compact]')).toBeNull();
  });
});
