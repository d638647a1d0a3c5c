import { z } from './zod.js';
import { messages } from '../messages.js';

export const MAX_ACCOUNT_NAME_LENGTH = 120;

export const accountSummarySchema = z.object({ id: z.number().int(), accountName: z.string() });
export type AccountSummary = z.infer<typeof accountSummarySchema>;

export const createAccountBody = z.object({
  accountName: z
    .string({ error: messages.newAccountNameRequired })
    .trim()
    .min(1, messages.newAccountNameRequired)
    .max(
      MAX_ACCOUNT_NAME_LENGTH,
      `Account name must be at most ${MAX_ACCOUNT_NAME_LENGTH} characters long.`,
    ),
});
