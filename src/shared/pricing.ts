import { addDays, daysBetween, inclusiveDayCount, type DayKey } from './dates.js';
import type { CancellationTier, PricingRules, Quote, QuoteLine } from './schemas/pricing.js';

/** What a stay costs at one flat daily rate: its inclusive day count times the rate, in cents. */
export function reservationAmountCents(
  startTime: string,
  endTime: string,
  dailyRateCents: number,
): number {
  return inclusiveDayCount(startTime, endTime) * dailyRateCents;
}

// Building the first Intl formatter of a page starts ICU: 15–35 ms on a
// desktop, four times that on a phone, inside the render that shows the rates.
// The currencies houses use are written by hand as en-US writes them
// (pricing.test.ts compares each with Intl); any other goes through Intl.
const EN_US_SYMBOLS: Readonly<Record<string, string>> = {
  USD: '$',
  EUR: '€',
  GBP: '£',
  CAD: 'CA$',
  AUD: 'A$',
  NZD: 'NZ$',
  MXN: 'MX$',
  BRL: 'R$',
  INR: '₹',
  HKD: 'HK$',
  ILS: '₪',
  PHP: '₱',
  CNY: 'CN¥',
  TWD: 'NT$',
};

/** The currencies formatMoney writes without Intl. */
export const HAND_WRITTEN_CURRENCIES = Object.keys(EN_US_SYMBOLS);

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** An amount for people, e.g. "$450.00" (en-US formatting, the currency given). */
export function formatMoney(cents: number, currency: string): string {
  const symbol = EN_US_SYMBOLS[currency];
  if (symbol !== undefined && Number.isSafeInteger(cents)) {
    const whole = Math.floor(Math.abs(cents) / 100)
      .toString()
      .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    const fraction = String(Math.abs(cents) % 100).padStart(2, '0');
    return `${cents < 0 ? '-' : ''}${symbol}${whole}.${fraction}`;
  }
  let format = moneyFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    moneyFormats.set(currency, format);
  }
  return format.format(cents / 100);
}

/** Is `mmdd` within [from, to]? A season whose `from` comes after its `to` wraps over the new year. */
function inSeason(mmdd: string, from: string, to: string): boolean {
  return from <= to ? mmdd >= from && mmdd <= to : mmdd >= from || mmdd <= to;
}

/** The rate of one day: its season, else its weekday rate, else the default rate. */
export function dayRate(rules: PricingRules, day: DayKey): { label: string; dailyCents: number } {
  const mmdd = day.slice(5);
  const season = rules.seasons.find((s) => inSeason(mmdd, s.from, s.to));
  if (season) return { label: season.label, dailyCents: season.dailyRateCents };
  const weekday = new Date(`${day}T00:00:00.000Z`).getUTCDay();
  const byDay = rules.weekdayRates.find((w) => w.weekdays.includes(weekday));
  if (byDay) return { label: byDay.label, dailyCents: byDay.dailyRateCents };
  return { label: rules.defaultLabel, dailyCents: rules.dailyRateCents };
}

/** A line of day rates: `days` days at `dailyCents`. */
export type DayLine = Required<Pick<QuoteLine, 'label' | 'days' | 'dailyCents' | 'amountCents'>>;

/**
 * The price of the days first…last (inclusive) by the day rates alone, priced
 * day by day: one line per rate, in the order the rates first occur; the total
 * is the sum of the lines. A group's per-person lines are `quoteStay`'s
 * (group-pricing.ts).
 */
export function quote(
  rules: PricingRules,
  first: DayKey,
  last: DayKey,
): Omit<Quote, 'lines'> & { lines: DayLine[] } {
  const lines: DayLine[] = [];
  const count = daysBetween(first, last) + 1;
  for (let i = 0; i < count; i++) {
    const { label, dailyCents } = dayRate(rules, addDays(first, i));
    const line = lines.find((l) => l.label === label && l.dailyCents === dailyCents);
    if (line) {
      line.days += 1;
      line.amountCents += dailyCents;
    } else lines.push({ label, days: 1, dailyCents, amountCents: dailyCents });
  }
  return {
    currency: rules.currency,
    days: Math.max(count, 0),
    totalCents: lines.reduce((sum, l) => sum + l.amountCents, 0),
    lines,
    guests: null,
    billedGuests: null,
    mealPlan: null,
    depositCents: 0,
  };
}

/**
 * The tier that applies when cancelling `daysBefore` whole days before the first
 * day: of the tiers it reaches, the one with the largest `daysBeforeStart`.
 */
export function applicableTier(
  policy: readonly CancellationTier[],
  daysBefore: number,
): CancellationTier | null {
  let best: CancellationTier | null = null;
  for (const tier of policy) {
    if (
      daysBefore >= tier.daysBeforeStart &&
      (!best || tier.daysBeforeStart > best.daysBeforeStart)
    )
      best = tier;
  }
  return best;
}

/**
 * What cancelling on `today` refunds of `paidCents`, and the tier behind it:
 * the tier's percentage, rounded half up to a whole cent, of what was paid
 * beyond `keptCents` (a non-refundable deposit, which stays with the house).
 */
export function cancellationRefund(
  policy: readonly CancellationTier[],
  paidCents: number,
  today: DayKey,
  firstDay: DayKey,
  keptCents = 0,
): {
  refundCents: number;
  tier: CancellationTier | null;
  daysBeforeStart: number;
  keptCents: number;
} {
  const daysBeforeStart = daysBetween(today, firstDay);
  const tier = applicableTier(policy, daysBeforeStart);
  const kept = Math.min(Math.max(keptCents, 0), Math.max(paidCents, 0));
  const refundCents = tier ? Math.floor(((paidCents - kept) * tier.refundPercent + 50) / 100) : 0;
  return { refundCents, tier, daysBeforeStart, keptCents: kept };
}

/** A policy in words, e.g. "100% refunded 30 or more days before arrival; 50% 14 or more days before". */
export function describePolicy(policy: readonly CancellationTier[]): string {
  if (policy.length === 0) return 'Payments are not refunded when you cancel.';
  const tiers = [...policy].sort((a, b) => b.daysBeforeStart - a.daysBeforeStart);
  const parts = tiers.map((t) =>
    t.daysBeforeStart === 0
      ? `${t.refundPercent}% up to the day of arrival`
      : `${t.refundPercent}% when cancelled ${t.daysBeforeStart} or more days before arrival`,
  );
  return `Refund on cancellation: ${parts.join('; ')}.`;
}
