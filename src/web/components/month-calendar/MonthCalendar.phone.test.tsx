/**
 * Month calendar on a phone: arrows for the month buttons and short day labels
 * that never break, and the full words on a wider screen.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DayKey } from '../../../shared/dates.js';
import type { DayInfo } from './index.js';
import { atPhoneWidth } from '../../test/utils.js';
import { day, renderCalendar } from './month-calendar.testing.js';

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
