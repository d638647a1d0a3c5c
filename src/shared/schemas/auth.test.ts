import { describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import {
  forgotPasswordBody,
  loginBody,
  registerBody,
  registerForm,
  resetPasswordBody,
  resetPasswordForm,
} from './auth.js';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;

describe('registerForm', () => {
  const valid = {
    username: 'anna',
    password: 'secret123',
    confirmPassword: 'secret123',
    email: '',
  };

  it('accepts matching passwords and turns an empty email into null', () => {
    const r = registerForm.safeParse(valid);
    expect(r.success).toBe(true);
    expect(r.data).toMatchObject({ username: 'anna', email: null });
  });

  it("says 'Passwords do not match.' on the confirmation field", () => {
    const r = registerForm.safeParse({ ...valid, confirmPassword: 'secret124' });
    expect(r.success).toBe(false);
    expect(r.error!.issues).toEqual([
      expect.objectContaining({ message: messages.passwordsDoNotMatch, path: ['confirmPassword'] }),
    ]);
  });

  it('requires a username and a password of at least 6 characters', () => {
    expect(firstMessage(registerForm.safeParse({ ...valid, username: '  ' }))).toBe(
      messages.usernameRequired,
    );
    expect(
      firstMessage(
        registerForm.safeParse({ ...valid, password: '12345', confirmPassword: '12345' }),
      ),
    ).toBe(messages.resetPasswordTooShort);
  });
});

describe('registerBody', () => {
  it('trims the username and lowercases the email', () => {
    expect(
      registerBody.parse({ username: '  anna ', password: 'secret123', email: 'Anna@Example.ORG' }),
    ).toEqual({
      username: 'anna',
      password: 'secret123',
      email: 'anna@example.org',
    });
  });

  it('treats a missing, empty or null email as none', () => {
    for (const email of [undefined, '', null]) {
      expect(
        registerBody.parse({ username: 'anna', password: 'secret123', email }).email,
      ).toBeNull();
    }
  });

  it('refuses a bad email, control characters and overlong values', () => {
    expect(
      registerBody.safeParse({ username: 'anna', password: 'secret123', email: 'nope' }).success,
    ).toBe(false);
    expect(registerBody.safeParse({ username: 'an\u0000na', password: 'secret123' }).success).toBe(
      false,
    );
    expect(
      registerBody.safeParse({ username: 'x'.repeat(65), password: 'secret123' }).success,
    ).toBe(false);
    expect(registerBody.safeParse({ username: 'anna', password: 'x'.repeat(257) }).success).toBe(
      false,
    );
    expect(
      registerBody.safeParse({ username: 'x'.repeat(64), password: 'x'.repeat(256) }).success,
    ).toBe(true);
  });
});

describe('loginBody', () => {
  it('requires both fields', () => {
    expect(loginBody.safeParse({ username: 'anna', password: '' }).success).toBe(false);
    expect(loginBody.safeParse({ username: ' ', password: 'x' }).success).toBe(false);
    expect(loginBody.parse({ username: ' anna ', password: ' x ' })).toEqual({
      username: 'anna',
      password: ' x ',
    });
  });
});

describe('forgotPasswordBody', () => {
  it("says 'Username is required.'", () => {
    for (const body of [{}, { username: '' }, { username: '   ' }, { username: null }]) {
      expect(firstMessage(forgotPasswordBody.safeParse(body))).toBe(messages.usernameRequired);
    }
  });
});

describe('resetPasswordForm', () => {
  it('accepts a matching password of 6 characters or more', () => {
    expect(
      resetPasswordForm.safeParse({ newPassword: '123456', confirmPassword: '123456' }).success,
    ).toBe(true);
  });

  it("says 'Password must be at least 6 characters long.'", () => {
    expect(
      firstMessage(resetPasswordForm.safeParse({ newPassword: '12345', confirmPassword: '12345' })),
    ).toBe(messages.resetPasswordTooShort);
  });

  it("says 'New passwords do not match.' on the confirmation field", () => {
    const r = resetPasswordForm.safeParse({ newPassword: '1234567', confirmPassword: '7654321' });
    expect(r.error!.issues).toEqual([
      expect.objectContaining({
        message: messages.resetPasswordsDoNotMatch,
        path: ['confirmPassword'],
      }),
    ]);
  });
});

describe('resetPasswordBody', () => {
  it('needs the token and the username of the link', () => {
    expect(
      firstMessage(resetPasswordBody.safeParse({ username: 'anna', newPassword: 'secret123' })),
    ).toBe(messages.resetInvalidParams);
    expect(
      firstMessage(
        resetPasswordBody.safeParse({ token: 't', username: '', newPassword: 'secret123' }),
      ),
    ).toBe(messages.resetInvalidParams);
    expect(
      firstMessage(
        resetPasswordBody.safeParse({ token: 't', username: 'anna', newPassword: '12345' }),
      ),
    ).toBe(messages.resetPasswordTooShort);
    expect(
      resetPasswordBody.safeParse({ token: 't', username: 'anna', newPassword: '123456' }).success,
    ).toBe(true);
  });
});
