import { describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import { createAccountBody } from './accounts.js';

describe('createAccountBody', () => {
  it('trims the name', () => {
    expect(createAccountBody.parse({ accountName: '  St. Mark  ' })).toEqual({
      accountName: 'St. Mark',
    });
  });

  it.each([
    {},
    { accountName: '' },
    { accountName: '   ' },
    { accountName: null },
    { accountName: 5 },
  ])("says 'New account name is required.' for %j", (body) => {
    expect(createAccountBody.safeParse(body).error?.issues[0]?.message).toBe(
      messages.newAccountNameRequired,
    );
  });

  it('refuses a name over 120 characters', () => {
    expect(createAccountBody.safeParse({ accountName: 'x'.repeat(121) }).success).toBe(false);
    expect(createAccountBody.safeParse({ accountName: 'x'.repeat(120) }).success).toBe(true);
  });
});
