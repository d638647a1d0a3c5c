/**
 * The prices and the cancellation policy in sentences, as the preview
 * before publishing shows them (docs/money.md has the rules they state).
 */
import type { z } from 'zod';
import { describeGroupRates } from '../../../../../shared/group-pricing.js';
import { monthName, WEEKDAY_NAMES } from '../../../../../shared/dates.js';
import { formatMoney } from '../../../../../shared/pricing.js';
import type { pricingFileSchema } from '../../../../../shared/schemas/pricing.js';

/** The prices as the schema gives them back, every default filled in. */
export type PricingContent = z.output<typeof pricingFileSchema>;

/** "06-01" as "June 1". */
export const monthDay = (mmdd: string) =>
  `${monthName(Number(mmdd.slice(0, 2))) || mmdd} ${Number(mmdd.slice(3))}`;

/** "a, b and c". */
export function inWords(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

const days = (n: number) => (n === 1 ? '1 day' : `${n} days`);

/** The day prices: the house's, the seasons' and the weekdays'. */
export function dayPriceLines(p: PricingContent, currency: string): string[] {
  const m = (cents: number) => formatMoney(cents, currency);
  const house =
    p.dailyRateCents === undefined
      ? `${p.defaultLabel}: the day price set on the server, for each day of a stay.`
      : p.dailyRateCents === 0 && p.group
        ? 'No price per day for the house: only the guests are charged.'
        : `${p.defaultLabel}: ${m(p.dailyRateCents)} for each day of a stay.`;
  return [
    house,
    ...p.seasons.map(
      (s) => `${s.label}, ${monthDay(s.from)} to ${monthDay(s.to)}: ${m(s.dailyRateCents)} a day.`,
    ),
    ...p.weekdayRates.map(
      (w) =>
        `${w.label} (${inWords(w.weekdays.map((d) => (WEEKDAY_NAMES[d] ? `${WEEKDAY_NAMES[d]}s` : String(d))))}): ${m(w.dailyRateCents)} a day.`,
    ),
  ];
}

/** The prices per guest, or null without them. */
export const guestPriceLines = (p: PricingContent, currency: string) =>
  p.group ? describeGroupRates(p.group, currency) : null;

/** The meals of each plan and of the first and last days. */
export function mealLines(p: PricingContent): string[] {
  const g = p.group;
  if (!g) return [];
  const meals = (list: readonly string[]) => (list.length ? inWords(list) : 'no meals');
  return [
    ...g.mealPlans.map((plan) => `${plan.label}: ${meals(plan.meals)} on a full day.`),
    `On the day of arrival: ${meals(g.arrivalDayMeals)}.`,
    `On the day of departure: ${meals(g.departureDayMeals)}.`,
  ];
}

/** The deposit, the balance, the final count and the insurance. */
export function paymentLines(p: PricingContent): string[] {
  const g = p.group;
  if (!g) return [];
  const deposit = g.deposit
    ? `A deposit of ${g.deposit.percent}% of the price confirms the dates. It is due ${days(g.deposit.dueDaysAfterApproval)} after the house approves the stay, and it is ${g.deposit.refundable ? 'refunded' : 'kept by the house'} when the group cancels.`
    : 'No deposit: the dates are confirmed by the first payment.';
  return [
    deposit,
    // In the order the group meets them: the final count sets the invoice the balance pays.
    `The group gives its final number of guests until ${days(g.finalCountDueDaysBeforeStart)} before the first day.`,
    `The balance is due ${days(g.balanceDueDaysBeforeStart)} before the first day.`,
    g.insuranceRequired
      ? 'Groups must show a liability insurance certificate before arrival.'
      : 'Groups need not show an insurance certificate.',
  ];
}

/** The refund of each step, the largest number of days first, then what a later cancellation gets. */
export function cancellationLines(p: PricingContent): string[] {
  const tiers = [...p.cancellationPolicy].sort((a, b) => b.daysBeforeStart - a.daysBeforeStart);
  if (tiers.length === 0) return ['Nothing is refunded when a group cancels.'];
  const lines = tiers.map((t) =>
    t.daysBeforeStart === 0
      ? `Cancelled up to the first day: ${t.refundPercent}% of what was paid is refunded.`
      : `Cancelled ${days(t.daysBeforeStart)} or more before the first day: ${t.refundPercent}% of what was paid is refunded.`,
  );
  if (tiers.at(-1)!.daysBeforeStart > 0) lines.push('Cancelled later: nothing is refunded.');
  if (p.group?.deposit && !p.group.deposit.refundable)
    lines.push(
      'The deposit is kept by the house in any case: the steps apply to what was paid beyond it.',
    );
  return lines;
}
