import { z } from './zod.js';
import { messages } from '../messages.js';
import { MAX_PASSWORD_LENGTH, MAX_USERNAME_LENGTH, MIN_PASSWORD_LENGTH } from './common.js';
import { userSchema } from './auth.js';
import { USERNAME_CHARACTERS_MESSAGE, usernameCharactersOk } from '../usernames.js';

export const pendingUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  createdAt: z.string(),
});
export type PendingUser = z.infer<typeof pendingUserSchema>;

export const changeUsernameBody = z.object({
  newUsername: z
    .string({ error: messages.usernameEmpty })
    .trim()
    .min(1, messages.usernameEmpty)
    .max(MAX_USERNAME_LENGTH, `Username must be at most ${MAX_USERNAME_LENGTH} characters long.`)
    .refine(usernameCharactersOk, USERNAME_CHARACTERS_MESSAGE),
});

export const changeUsernameResponse = z.object({ message: z.string(), user: userSchema });

const newPassword = z
  .string({ error: messages.passwordFieldsRequired })
  .min(1, messages.passwordFieldsRequired)
  .min(MIN_PASSWORD_LENGTH, messages.newPasswordTooShort)
  .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters long.`);

export const changePasswordBody = z.object({
  currentPassword: z
    .string({ error: messages.passwordFieldsRequired })
    .min(1, messages.passwordFieldsRequired)
    .max(MAX_PASSWORD_LENGTH),
  newPassword,
});

/** The change-password form: all three fields, checked in docs/product.md §5's order. */
export const changePasswordForm = z
  .object({
    currentPassword: z.string(),
    newPassword: z.string(),
    confirmPassword: z.string(),
  })
  .superRefine((v, ctx) => {
    if (!v.currentPassword || !v.newPassword || !v.confirmPassword) {
      ctx.addIssue({ code: 'custom', message: messages.passwordFieldsRequired, path: [] });
    } else if (v.newPassword !== v.confirmPassword) {
      ctx.addIssue({
        code: 'custom',
        message: messages.newPasswordsDoNotMatch,
        path: ['confirmPassword'],
      });
    } else if (v.newPassword.length < MIN_PASSWORD_LENGTH) {
      ctx.addIssue({
        code: 'custom',
        message: messages.newPasswordTooShort,
        path: ['newPassword'],
      });
    }
  });

export const assignAccountBody = z.object({
  // A number, or its digits as a form sends them; never a boolean, array or null coerced to one.
  accountId: z
    .union([z.number(), z.string().trim().regex(/^\d+$/).transform(Number)], {
      error: messages.accountMustBeSelected,
    })
    .pipe(
      z
        .number()
        .int(messages.accountMustBeSelected)
        .positive(messages.accountMustBeSelected)
        .max(2_147_483_647, messages.accountMustBeSelected),
    ),
});
