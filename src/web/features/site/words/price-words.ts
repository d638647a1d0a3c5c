/** The words of the prices and the cancellation policy (docs/money.md). */
import type { FieldWords, KindWords } from './types.js';

const MEALS = { breakfast: 'Breakfast', lunch: 'Lunch', dinner: 'Dinner' };
const dueDays = (what: string, fallback: string): FieldWords => ({
  label: `${what}, days before the first day`,
  description: `How many days before a stay's first day. Stays already requested keep their rule. Left empty: ${fallback}.`,
});

export const pricingWords: KindWords = {
  dailyRateCents: {
    label: 'Price of a day for the whole house',
    description:
      "Charged for each day of a stay, on top of any price per guest; 0 when only the guests are charged. Left empty, the server's setting applies.",
  },
  defaultLabel: {
    label: 'Name of that price',
    description: 'How a quote names it, e.g. House.',
  },
  seasons: {
    label: 'Seasons',
    description:
      'Other day prices for parts of the year; the first season that matches a day wins.',
  },
  'seasons.*': { label: 'Season' },
  'seasons.*.label': { label: 'Name of the season', description: 'e.g. Summer.' },
  'seasons.*.from': {
    label: 'First day',
    description: 'Month and day as MM-DD, e.g. 06-01 for June 1.',
  },
  'seasons.*.to': {
    label: 'Last day',
    description:
      'MM-DD, this day included. A last day before the first wraps over the new year (12-20 to 01-06).',
  },
  'seasons.*.dailyRateCents': { label: 'Price of a day in this season' },
  weekdayRates: {
    label: 'Prices by day of the week',
    description: 'Day prices for some days of the week outside the seasons; the first match wins.',
  },
  'weekdayRates.*': { label: 'Weekday price' },
  'weekdayRates.*.label': { label: 'Name', description: 'e.g. Weekend.' },
  'weekdayRates.*.weekdays': { label: 'Days of the week' },
  'weekdayRates.*.dailyRateCents': { label: 'Price of such a day' },
  cancellationPolicy: {
    label: 'Refunds on cancellation',
    description:
      'A group that cancels at least so many days before its first day gets that share of what it paid back; the step with the most days it reached applies, and with none reached nothing is refunded.',
  },
  'cancellationPolicy.*': { label: 'Refund step' },
  'cancellationPolicy.*.daysBeforeStart': {
    label: 'Days before the first day',
    description: "Whole days, counted in the house's time zone.",
  },
  'cancellationPolicy.*.refundPercent': {
    label: 'Share refunded (%)',
    description: 'Of what the group paid, from 0 to 100.',
  },
  group: {
    label: 'Prices per guest',
    toggle: 'Price stays per guest, with meal plans',
    description:
      'Groups pay per guest and night, with meals by plan, and never for fewer guests than the minimum. Without it, stays are priced by the day only.',
  },
  'group.minimumGuests': {
    label: 'Fewest guests billed',
    description: 'A smaller group is billed as if this many came.',
  },
  'group.maximumGuests': {
    label: 'Most guests',
    description: 'The most guests the house takes; a larger request is refused.',
  },
  'group.perPersonNightCents': {
    label: 'Price per person per night',
    description: "What each guest pays for a night's lodging; meals are extra.",
  },
  'group.dayUsePerPersonCents': {
    label: 'Price per person for a day without a night',
    description: 'What each guest pays for a day event.',
  },
  'group.mealPlans': {
    label: 'Meal plans',
    description: 'The plans a group may choose, priced per guest and day.',
  },
  'group.mealPlans.*': { label: 'Meal plan' },
  'group.mealPlans.*.id': {
    label: 'Plan id',
    description:
      'A short name no other plan has (lower-case letters, digits and hyphens). Reservations keep it: do not change it once groups chose the plan.',
  },
  'group.mealPlans.*.label': {
    label: 'Name of the plan',
    description: 'As groups see it, e.g. Three meals a day.',
  },
  'group.mealPlans.*.perPersonDayCents': {
    label: 'Price per person per day',
    description: 'What each guest pays for the meals of one day.',
  },
  'group.mealPlans.*.meals': { label: 'Meals on a full day', options: MEALS },
  'group.arrivalDayMeals': {
    label: 'Meals on the day of arrival',
    description: "For the kitchen: which of a plan's meals are served on the first day.",
    options: MEALS,
  },
  'group.departureDayMeals': {
    label: 'Meals on the day of departure',
    description: "Which of a plan's meals are served on the last day.",
    options: MEALS,
  },
  'group.deposit': {
    label: 'Deposit',
    toggle: 'Ask for a deposit',
    description:
      'A share of the price, paid after the house approves a stay, that confirms the dates.',
  },
  'group.deposit.percent': { label: 'Deposit (% of the price)' },
  'group.deposit.refundable': {
    label: 'The deposit is refunded on cancellation',
    description: 'When off, the house keeps the deposit when a group cancels.',
  },
  'group.deposit.dueDaysAfterApproval': {
    label: 'Deposit due, days after approval',
    description: 'How many days after the house approves a stay the deposit must be paid.',
  },
  'group.balanceDueDaysBeforeStart': dueDays('Balance due', '14'),
  'group.finalCountDueDaysBeforeStart': {
    ...dueDays('Final number of guests due', '10'),
    description:
      "Until then the group's leader may change the number of guests; the invoice follows it. Left empty: 10.",
  },
  'group.insuranceRequired': {
    label: 'Groups must show liability insurance',
    description: 'The group uploads its certificate before arrival.',
  },
};
