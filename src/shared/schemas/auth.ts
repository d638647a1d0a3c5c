import { z } from './zod.js';
import { messages } from '../messages.js';
import { MAX_PASSWORD_LENGTH, MAX_USERNAME_LENGTH, MIN_PASSWORD_LENGTH } from './common.js';
import { USERNAME_CHARACTERS_MESSAGE, usernameCharactersOk } from '../usernames.js';

export { ROLES, type Role } from '../roles.js';
import { ROLES } from '../roles.js';
export const roleSchema = z.enum(ROLES);

export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  role: roleSchema,
  accountId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const authStatusResponse = z.object({
  authenticated: z.boolean(),
  user: userSchema.nullable(),
});
export type AuthStatus = z.infer<typeof authStatusResponse>;

/** A username as typed to find an account: surrounding spaces are dropped (names made before the rules below still work). */
const existingUsernameSchema = z
  .string({ error: messages.usernameRequired })
  .trim()
  .min(1, messages.usernameRequired)
  .max(MAX_USERNAME_LENGTH, `Username must be at most ${MAX_USERNAME_LENGTH} characters long.`);

/** A new username: no spaces, control or invisible characters inside. */
export const usernameSchema = existingUsernameSchema.refine(
  usernameCharactersOk,
  USERNAME_CHARACTERS_MESSAGE,
);

export const passwordSchema = z
  .string({ error: messages.resetPasswordTooShort })
  .min(MIN_PASSWORD_LENGTH, messages.resetPasswordTooShort)
  .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters long.`);

export const loginBody = z.object({
  username: z
    .string({ error: 'Username and password are required.' })
    .trim()
    .min(1, 'Username and password are required.')
    .max(MAX_USERNAME_LENGTH),
  password: z
    .string({ error: 'Username and password are required.' })
    .min(1, 'Username and password are required.')
    .max(MAX_PASSWORD_LENGTH),
});
export type LoginBody = z.infer<typeof loginBody>;

export const loginResponse = z.object({ message: z.string(), user: userSchema });

const optionalEmail = z
  .union([z.literal(''), z.null(), z.email('Please enter a valid email address.').max(254)])
  .optional()
  .transform((v) => (v ? v.toLowerCase() : null));

export const registerBody = z.object({
  username: usernameSchema,
  password: passwordSchema,
  email: optionalEmail,
});
export type RegisterBody = z.input<typeof registerBody>;

/** The register screen: the API body plus a confirmation that must match. */
export const registerForm = z
  .object({
    username: usernameSchema,
    password: passwordSchema,
    confirmPassword: z.string(),
    email: optionalEmail,
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: messages.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });

export const forgotPasswordBody = z.object({ username: existingUsernameSchema });

export const resetPasswordBody = z.object({
  token: z
    .string({ error: messages.resetInvalidParams })
    .min(1, messages.resetInvalidParams)
    .max(200),
  username: z
    .string({ error: messages.resetInvalidParams })
    .trim()
    .min(1, messages.resetInvalidParams)
    .max(MAX_USERNAME_LENGTH),
  newPassword: passwordSchema,
});

export const resetPasswordForm = z
  .object({ newPassword: passwordSchema, confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: messages.resetPasswordsDoNotMatch,
    path: ['confirmPassword'],
  });
