import { inclusiveDayCount } from './dates.js';

/** What a stay costs: its inclusive day count times the daily rate, in cents. */
export function reservationAmountCents(startTime: string, endTime: string, dailyRateCents: number): number {
  return inclusiveDayCount(startTime, endTime) * dailyRateCents;
}

/** An amount for people, e.g. "$450.00" (en-US formatting, the currency given). */
export function formatMoney(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);
}
