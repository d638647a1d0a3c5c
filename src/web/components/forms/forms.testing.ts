import { expect } from 'vitest';

/** A field showing its own message: marked invalid and described by the message (tests). */
export function expectFieldError(field: HTMLElement, message: string) {
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
}

/** A server's 400 for one field of the body, as the API answers a failed validation (tests). */
export const fieldRefusal = (field: string, message: string) => ({
  status: 400,
  body: { message, code: 'validation_failed', issues: [{ path: `body.${field}`, message }] },
});
