import { z } from 'zod';
import { daysBetween, isDayKey } from '../dates.js';

/** The longest closure one request may make: a year, like the longest stay's order of size. */
export const MAX_CLOSURE_DAYS = 366;
export const MAX_CLOSURE_REASON = 500;
export const MAX_CLOSURE_LABEL = 60;
/** What calendars and feeds show for a closure without a public label. */
export const DEFAULT_CLOSURE_LABEL = 'Closed';

const day = (label: string) =>
  z
    .string({ error: `Choose the ${label}.` })
    .refine(isDayKey, `The ${label} must be a date as YYYY-MM-DD.`);

/** A closure as everyone may see it: the days and the public label, never the reason. */
export const closureSchema = z.object({
  id: z.number().int(),
  startDate: z.string(),
  endDate: z.string(),
  label: z.string(),
});
export type Closure = z.infer<typeof closureSchema>;

/** A closure as the staff see it: also the reason and whether the label was set. */
export const adminClosureSchema = closureSchema.extend({
  reason: z.string(),
  publicLabel: z.string().nullable(),
  createdBy: z.string().nullable(),
});
export type AdminClosure = z.infer<typeof adminClosureSchema>;

export const createClosureBody = z
  .object({
    startDate: day('first closed day'),
    endDate: day('last closed day'),
    reason: z
      .string({ error: 'Give the reason (for the staff).' })
      .trim()
      .min(1, 'Give the reason (for the staff).')
      .max(MAX_CLOSURE_REASON, `At most ${MAX_CLOSURE_REASON} characters, please.`),
    publicLabel: z
      .string()
      .max(MAX_CLOSURE_LABEL, `At most ${MAX_CLOSURE_LABEL} characters, please.`)
      .nullish()
      .transform((v) => (v?.trim() ? v.trim() : null)),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (!isDayKey(v.startDate) || !isDayKey(v.endDate)) return;
    if (v.endDate < v.startDate) {
      ctx.addIssue({
        code: 'custom',
        path: ['endDate'],
        message: 'The last closed day cannot be before the first.',
      });
    } else if (daysBetween(v.startDate, v.endDate) + 1 > MAX_CLOSURE_DAYS) {
      ctx.addIssue({
        code: 'custom',
        path: ['endDate'],
        message: `One closure can cover at most ${MAX_CLOSURE_DAYS} days.`,
      });
    }
  });
export type CreateClosureBody = z.input<typeof createClosureBody>;
