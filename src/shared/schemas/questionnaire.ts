import { z } from './zod.js';

export const DIETS = ['vegetarian', 'vegan', 'glutenFree', 'dairyFree', 'nutAllergy'] as const;
export type Diet = (typeof DIETS)[number];

/**
 * The pre-arrival questionnaire of a stay (docs/money.md, "The final count"):
 * the final headcount sets the invoice; the other answers serve the kitchen
 * and housekeeping.
 */
export const questionnaireSchema = z.object({
  finalGuests: z.number().int().nullable(),
  diets: z.object(
    Object.fromEntries(DIETS.map((d) => [d, z.number().int()])) as Record<Diet, z.ZodNumber>,
  ),
  dietNotes: z.string(),
  rooming: z.array(z.object({ roomId: z.string(), names: z.array(z.string()) })),
  arrivalTime: z.string().nullable(),
  setup: z.string(),
  submittedAt: z.string().nullable(),
  /** The last day the member may give or change the final count (null: no such day). */
  finalCountDueDate: z.string().nullable(),
});
export type Questionnaire = z.infer<typeof questionnaireSchema>;

/** PUT /api/reservations/{id}/questionnaire: the answers to keep (every field optional). */
export const questionnaireBody = z.object({
  finalGuests: z
    .number({ error: 'Give the final number of guests as a whole number.' })
    .int('Give the final number of guests as a whole number.')
    .min(1, 'At least 1 guest.')
    .max(100_000)
    .nullish(),
});
export type QuestionnaireBody = z.infer<typeof questionnaireBody>;
