import { z } from './zod.js';

export const DIETS = ['vegetarian', 'vegan', 'glutenFree', 'dairyFree', 'nutAllergy'] as const;
export type Diet = (typeof DIETS)[number];

/** Each diet in words, for the forms, the kitchen's screen and its sheets. */
export const DIET_LABELS: Record<Diet, string> = {
  vegetarian: 'Vegetarian',
  vegan: 'Vegan',
  glutenFree: 'Gluten-free',
  dairyFree: 'Dairy-free',
  nutAllergy: 'Nut allergy',
};

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
  /** Names typed on the rooming board and not yet placed in a room. */
  unplaced: z.array(z.string()),
  arrivalTime: z.string().nullable(),
  setup: z.string(),
  submittedAt: z.string().nullable(),
  /**
   * The final count the house holds, which prices the stay: given when the
   * questionnaire is sent or by the house (null before). `finalGuests` is the
   * leader's answer as saved, a draft until it is sent.
   */
  sentFinalGuests: z.number().int().nullable(),
  /** Answers saved since the questionnaire was last sent (or never sent): a draft. */
  unsent: z.boolean(),
  /** The last day the member may give or change the final count (null: no such day). */
  finalCountDueDate: z.string().nullable(),
  /** The house's bedrooms (content/rooms.json), for the rooming board. */
  rooms: z.array(z.object({ id: z.string(), name: z.string(), beds: z.number().int() })),
});
export type Questionnaire = z.infer<typeof questionnaireSchema>;

const MAX_NAME = 100;
const MAX_NOTES = 2000;

/** content/rooms.json (docs/stays.md): the bedrooms and how many beds each has. */
export const roomsContentSchema = z
  .array(
    z.strictObject({
      id: z.string().trim().min(1).max(40),
      name: z.string().trim().min(1).max(100),
      beds: z.number().int().min(1).max(100),
    }),
  )
  .max(500)
  .refine((rooms) => new Set(rooms.map((r) => r.id)).size === rooms.length, {
    message: 'Each room needs its own id.',
  });
export type Room = z.infer<typeof roomsContentSchema>[number];

const dietCount = z
  .number({ error: 'Give each diet as a whole number.' })
  .int('Give each diet as a whole number.')
  .min(0, 'A diet count cannot be negative.')
  .max(100_000);

const personName = z.string().trim().min(1, 'A name cannot be empty.').max(MAX_NAME);

/**
 * PUT /api/reservations/{id}/questionnaire: the answers to keep. Every field is
 * optional; the body replaces what was saved (a field left out is emptied).
 * The rules that need the stay and the house's rooms are in
 * src/shared/questionnaire-rules.ts.
 */
export const questionnaireBody = z.object({
  finalGuests: z
    .number({ error: 'Give the final number of guests as a whole number.' })
    .int('Give the final number of guests as a whole number.')
    .min(1, 'At least 1 guest.')
    .max(100_000)
    .nullish(),
  diets: z
    .object(
      Object.fromEntries(DIETS.map((d) => [d, dietCount.optional()])) as Record<
        Diet,
        z.ZodOptional<typeof dietCount>
      >,
    )
    .optional(),
  dietNotes: z.string().max(MAX_NOTES, `At most ${MAX_NOTES} characters.`).optional(),
  rooming: z
    .array(
      z.object({
        roomId: z.string().max(40),
        names: z.array(personName).max(100),
      }),
    )
    .max(500)
    .optional(),
  unplaced: z.array(personName).max(1000).optional(),
  arrivalTime: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Give the arrival time as HH:MM, for example 16:30.')
    .nullish(),
  setup: z.string().max(MAX_NOTES, `At most ${MAX_NOTES} characters.`).optional(),
});
export type QuestionnaireBody = z.infer<typeof questionnaireBody>;

/** An attendee's own answers on the shared link's page (POST /api/attendee/{token}). */
export const attendeeBody = z.object({
  name: z
    .string({ error: 'Give your name.' })
    .trim()
    .min(1, 'Give your name.')
    .max(MAX_NAME, `At most ${MAX_NAME} characters.`),
  diet: z.string().trim().max(MAX_NAME, `At most ${MAX_NAME} characters.`).optional(),
  notes: z.string().trim().max(500, 'At most 500 characters.').optional(),
});
export type AttendeeBody = z.infer<typeof attendeeBody>;

export const attendeeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  diet: z.string(),
  notes: z.string(),
});
export type Attendee = z.infer<typeof attendeeSchema>;

/** All a stranger with the link learns of the stay. */
export const attendeeStaySchema = z.object({
  eventName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  houseName: z.string(),
});
export type AttendeeStay = z.infer<typeof attendeeStaySchema>;

export const attendeeLinkSchema = z.object({ url: z.string() });

export const tokenParam = z.object({ token: z.string().min(1).max(200) });
export const attendeeParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  attendeeId: z.coerce.number().int().positive().max(2_147_483_647),
});

export const CHECKLIST_ITEMS = [
  'agreement',
  'deposit',
  'questionnaire',
  'insurance',
  'balance',
] as const;
export type ChecklistItemName = (typeof CHECKLIST_ITEMS)[number];

/** GET /api/reservations/{id}/checklist: what the house asks for, each with its due day. */
export const checklistItemSchema = z.object({
  item: z.enum(CHECKLIST_ITEMS),
  done: z.boolean(),
  dueDate: z.string().nullable(),
});
export type ChecklistItem = z.infer<typeof checklistItemSchema>;
