import { describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import {
  assignAccountBody,
  changePasswordBody,
  changePasswordForm,
  changeUsernameBody,
} from './users.js';

const messagesOf = (r: { error?: { issues: { message: string }[] } }) =>
  r.error?.issues.map((i) => i.message) ?? [];

describe('changePasswordForm (docs/product.md §5, checked in order)', () => {
  const valid = {
    currentPassword: 'old-pass',
    newPassword: 'new-pass',
    confirmPassword: 'new-pass',
  };

  it('accepts three filled fields with a matching new password of 6 characters or more', () => {
    expect(changePasswordForm.safeParse(valid).success).toBe(true);
  });

  it("1. 'All password fields are required.' when any field is empty", () => {
    for (const field of ['currentPassword', 'newPassword', 'confirmPassword'] as const) {
      expect(messagesOf(changePasswordForm.safeParse({ ...valid, [field]: '' })), field).toEqual([
        messages.passwordFieldsRequired,
      ]);
    }
    expect(
      messagesOf(
        changePasswordForm.safeParse({ currentPassword: '', newPassword: '', confirmPassword: '' }),
      ),
    ).toEqual([messages.passwordFieldsRequired]);
  });

  it("2. 'New password and confirm password do not match.' before the length", () => {
    expect(
      messagesOf(
        changePasswordForm.safeParse({ ...valid, newPassword: 'abc', confirmPassword: 'abd' }),
      ),
    ).toEqual([messages.newPasswordsDoNotMatch]);
  });

  it("3. 'New password must be at least 6 characters long.'", () => {
    expect(
      messagesOf(
        changePasswordForm.safeParse({ ...valid, newPassword: '12345', confirmPassword: '12345' }),
      ),
    ).toEqual([messages.newPasswordTooShort]);
  });
});

describe('changePasswordBody', () => {
  it('gives the messages of docs/product.md §5 for missing fields and a short password', () => {
    expect(messagesOf(changePasswordBody.safeParse({}))[0]).toBe(messages.passwordFieldsRequired);
    expect(
      messagesOf(changePasswordBody.safeParse({ currentPassword: 'x', newPassword: '' }))[0],
    ).toBe(messages.passwordFieldsRequired);
    expect(
      messagesOf(changePasswordBody.safeParse({ currentPassword: 'x', newPassword: '12345' })),
    ).toEqual([messages.newPasswordTooShort]);
    expect(
      changePasswordBody.safeParse({ currentPassword: 'x', newPassword: '123456' }).success,
    ).toBe(true);
  });
});

describe('changeUsernameBody', () => {
  it("says 'Username cannot be empty.' and trims", () => {
    for (const body of [{}, { newUsername: '' }, { newUsername: '  ' }]) {
      expect(messagesOf(changeUsernameBody.safeParse(body))[0]).toBe(messages.usernameEmpty);
    }
    expect(changeUsernameBody.parse({ newUsername: ' hanna ' })).toEqual({ newUsername: 'hanna' });
  });
});

describe('assignAccountBody', () => {
  it('accepts a positive integer or its digits', () => {
    expect(assignAccountBody.parse({ accountId: 7 })).toEqual({ accountId: 7 });
    expect(assignAccountBody.parse({ accountId: '7' })).toEqual({ accountId: 7 });
  });

  it.each([undefined, null, '', 'seven', 0, -1, 2.5, true, [7], {}, 2_147_483_648, '0x7'])(
    "says 'An account must be selected or created.' for %j",
    (accountId) => {
      expect(messagesOf(assignAccountBody.safeParse({ accountId }))).toEqual([
        messages.accountMustBeSelected,
      ]);
    },
  );
});
