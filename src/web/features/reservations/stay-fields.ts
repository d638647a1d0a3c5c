/**
 * A group's choices on the New Reservation form (docs/money.md, "Group
 * pricing"): the fields of POST /api/reservations, checked by its shared
 * schema and by the house's rules the server applies (`stayProblem`).
 */
import { stayProblem, type StayChoice } from '../../../shared/group-pricing.js';
import type { PricingRules } from '../../../shared/schemas/pricing.js';
import { createReservationBody } from '../../../shared/schemas/reservations.js';
import { z } from '../../../shared/schemas/zod.js';

/**
 * The form's fields in the order shown: a group's guests and meal plan as
 * typed ('' = none; unused without group pricing), then the texts.
 */
export interface NewReservationFormFields {
  guests: string;
  mealPlan: string;
  eventName: string;
  eventDescription: string;
  additionalInfo: string;
}

export const EMPTY_FIELDS: NewReservationFormFields = {
  guests: '',
  mealPlan: '',
  eventName: '',
  eventDescription: '',
  additionalInfo: '',
};

/** A number field's text as the schema reads it: nothing typed is undefined. */
export const typedNumber = (value: unknown) =>
  value === '' || value === null || value === undefined ? undefined : Number(value);

const { guests: guestsField, mealPlan: mealPlanField } = createReservationBody.shape;

/** A typed number of guests: the request's field and the house's bounds. */
const guestCount = (rules: PricingRules) =>
  guestsField
    .unwrap()
    .unwrap()
    .superRefine((n, ctx) => {
      const problem = stayProblem(rules, { guests: n });
      if (problem) ctx.addIssue({ code: 'custom', message: problem.message });
    });

/** A number of guests that was typed, to be priced: the text must be a count the house takes. */
export function guestsSchema(rules: PricingRules) {
  return z.preprocess(typedNumber, guestCount(rules));
}

/**
 * The expected guests on the form: optional, as the request's field is (an
 * empty one is priced and billed for the house's minimum, docs/product.md §5).
 */
function optionalGuestsSchema(rules: PricingRules) {
  return z.preprocess(typedNumber, guestCount(rules).optional());
}

/** The meal plan: one of the house's, or none ('' is "No meals"). */
function mealPlanSchema(rules: PricingRules) {
  return z.preprocess(
    (value) => value || null,
    mealPlanField.superRefine((id, ctx) => {
      const problem = stayProblem(rules, { mealPlan: id });
      if (problem) ctx.addIssue({ code: 'custom', message: problem.message });
    }),
  );
}

const texts = z
  .object(createReservationBody.shape)
  .pick({ eventName: true, eventDescription: true, additionalInfo: true });

/** The form's values once checked: a group's guests (when typed) and meal plan only with group pricing. */
export interface NewReservationValues {
  eventName: string;
  eventDescription: string;
  additionalInfo: string | null;
  guests?: number | undefined;
  mealPlan?: string | null;
}

/**
 * The form's schema: the texts as POST /api/reservations checks them (the
 * dates come from the calendar), and with group pricing the guests (optional)
 * and meals.
 */
export function newReservationFormSchema(
  rules: PricingRules | undefined,
): z.ZodType<NewReservationValues> {
  return rules?.group
    ? texts.extend({ guests: optionalGuestsSchema(rules), mealPlan: mealPlanSchema(rules) })
    : texts;
}

export interface PriceChoice {
  /** What to price: the typed count, or none while nothing is typed (the house's minimum). */
  choice: StayChoice | null;
  /** Why the typed count cannot be priced (shown on the field). */
  problem?: string;
  /** What the price waits for meanwhile. */
  waiting?: string;
}

/** The guests and meal plan to price while the form is filled in. */
export function priceChoice(rules: PricingRules, guests: string, mealPlan: string): PriceChoice {
  const plan = mealPlan || null;
  if (guests === '') return { choice: { guests: null, mealPlan: plan } };
  const parsed = guestsSchema(rules).safeParse(guests);
  if (parsed.success) return { choice: { guests: parsed.data, mealPlan: plan } };
  const max = rules.group?.maximumGuests;
  return {
    choice: null,
    problem: parsed.error.issues[0]?.message ?? 'Give the number of guests.',
    waiting: `The price follows once the number of guests is from 1 to ${max}.`,
  };
}
