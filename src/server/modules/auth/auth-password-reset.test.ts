/**
 * Forgetting and resetting a password: the mailed link, the hashed one-time
 * token, and what a reset does to the old password and the sessions.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.js';
import { passwordResetTokens, sessions } from '../../db/schema.js';
import { TestClient, createUser, loggedInClient } from '../../testing/harness.js';
import { sha256, status, useAuthTestApp } from './auth.testing.js';

const { t, login } = useAuthTestApp();

describe('forgot and reset password', () => {
  const LINK = /^http:\/\/site\.test\/reset-password\?token=([A-Za-z0-9_-]+)&username=([^&\s]+)$/m;

  async function requestLink(username: string, to: string) {
    const res = await new TestClient(t.app).post('/api/auth/forgot-password', { username });
    expect(res.statusCode).toBe(200);
    const mail = t.mailer.last(to);
    expect(mail, `a mail to ${to}`).toBeTruthy();
    const match = LINK.exec(mail!.text);
    expect(match, mail!.text).toBeTruthy();
    return {
      token: decodeURIComponent(match![1]!),
      username: decodeURIComponent(match![2]!),
      mail: mail!,
    };
  }

  async function reset(body: Record<string, unknown>) {
    return new TestClient(t.app).post('/api/auth/reset-password', body);
  }

  it('gives the same answer for an existing and an unknown user, and mails only the existing one', async () => {
    await createUser(t.db, { username: 'anna', email: 'anna@example.org' });
    await createUser(t.db, { username: 'nomail' });
    const c = new TestClient(t.app);
    const answers = [];
    for (const username of ['anna', 'nobody', 'nomail']) {
      const res = await c.post('/api/auth/forgot-password', { username });
      expect(res.statusCode, username).toBe(200);
      answers.push(res.json());
    }
    expect(answers).toEqual([
      { message: messages.forgotSuccess },
      { message: messages.forgotSuccess },
      { message: messages.forgotSuccess },
    ]);
    expect(t.mailer.sent).toHaveLength(1);
    expect(t.mailer.sent[0]!.to).toBe('anna@example.org');
  });

  it('mails a link of the form PUBLIC_URL/reset-password?token=…&username=…', async () => {
    await createUser(t.db, { username: 'anna', email: 'anna@example.org' });
    const { token, username, mail } = await requestLink('anna', 'anna@example.org');
    expect(username).toBe('anna');
    expect(token.length).toBeGreaterThanOrEqual(32);
    expect(mail.subject).toMatch(/reset/i);
    expect(mail.text).toContain(`http://site.test/reset-password?token=${token}&username=anna`);
  });

  it('greets the user by their stored name and links with the name as typed, encoded', async () => {
    await createUser(t.db, { username: 'Anna Maria', email: 'am@example.org' });
    await new TestClient(t.app).post('/api/auth/forgot-password', { username: ' anna maria ' });
    const text = t.mailer.last('am@example.org')!.text;
    expect(text).toMatch(/^Hello Anna Maria,$/m);
    // The reset finds the user whatever the case, like the login.
    expect(text).toMatch(/&username=anna%20maria$/m);
  });

  it('stores only the hash of the token', async () => {
    const anna = await createUser(t.db, { username: 'anna', email: 'anna@example.org' });
    const { token } = await requestLink('anna', 'anna@example.org');
    const rows = await t.db.select().from(passwordResetTokens);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.userId).toBe(anna.id);
    expect(rows[0]!.tokenHash).toBe(sha256(token));
    expect(rows[0]!.tokenHash).not.toContain(token);
    expect(rows[0]!.expiresAt.getTime()).toBeGreaterThan(Date.now());
  });

  it('resets once: the new password logs in, the old one does not, and the token cannot be reused', async () => {
    await createUser(t.db, {
      username: 'anna',
      password: 'old-password',
      email: 'anna@example.org',
    });
    const { token } = await requestLink('anna', 'anna@example.org');
    const res = await reset({ token, username: 'anna', newPassword: 'new-password' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.resetSuccess });
    expect((await login('anna', 'new-password')).res.statusCode).toBe(200);
    expect((await login('anna', 'old-password')).res.statusCode).toBe(401);

    const again = await reset({ token, username: 'anna', newPassword: 'third-password' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(messages.resetFailure);
    expect((await login('anna', 'new-password')).res.statusCode).toBe(200);
  });

  it('ends every session of the user', async () => {
    const { client } = await loggedInClient(t, { username: 'anna', email: 'anna@example.org' });
    const { client: other } = await login('anna', 'secret123');
    const { token } = await requestLink('anna', 'anna@example.org');
    expect((await reset({ token, username: 'anna', newPassword: 'new-password' })).statusCode).toBe(
      200,
    );
    expect((await status(client)).authenticated).toBe(false);
    expect((await status(other)).authenticated).toBe(false);
    expect(await t.db.select().from(sessions)).toHaveLength(0);
  });

  it('refuses an expired token with 400 and keeps the password', async () => {
    await createUser(t.db, { username: 'anna', email: 'anna@example.org' });
    const { token } = await requestLink('anna', 'anna@example.org');
    await t.db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    const res = await reset({ token, username: 'anna', newPassword: 'new-password' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.resetFailure);
    expect((await login('anna', 'secret123')).res.statusCode).toBe(200);
  });

  it('refuses a token used with another username, which leaves the token usable by its owner', async () => {
    await createUser(t.db, { username: 'anna', email: 'anna@example.org' });
    await createUser(t.db, { username: 'bert', email: 'bert@example.org' });
    const { token } = await requestLink('anna', 'anna@example.org');
    const wrong = await reset({ token, username: 'bert', newPassword: 'hijacked1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(messages.resetFailure);
    expect((await login('bert', 'hijacked1')).res.statusCode).toBe(401);
    const unknown = await reset({ token, username: 'nobody', newPassword: 'hijacked1' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(messages.resetFailure);
    expect((await reset({ token, username: 'ANNA', newPassword: 'new-password' })).statusCode).toBe(
      200,
    );
  });

  it('refuses a made-up token', async () => {
    await createUser(t.db, { username: 'anna', email: 'anna@example.org' });
    const res = await reset({
      token: 'made-up-token',
      username: 'anna',
      newPassword: 'new-password',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.resetFailure);
  });

  it('invalidates earlier links once one of them was used', async () => {
    await createUser(t.db, { username: 'anna', email: 'anna@example.org' });
    const first = await requestLink('anna', 'anna@example.org');
    const second = await requestLink('anna', 'anna@example.org');
    expect(first.token).not.toBe(second.token);
    expect(
      (await reset({ token: second.token, username: 'anna', newPassword: 'new-password' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await reset({ token: first.token, username: 'anna', newPassword: 'other-password' }))
        .statusCode,
    ).toBe(400);
  });

  it('checks the new password and the link parameters with the messages of docs/product.md §5', async () => {
    await createUser(t.db, { username: 'anna', email: 'anna@example.org' });
    const { token } = await requestLink('anna', 'anna@example.org');
    const short = await reset({ token, username: 'anna', newPassword: '12345' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(messages.resetPasswordTooShort);
    for (const body of [
      { username: 'anna', newPassword: 'new-password' },
      { token: '', username: 'anna', newPassword: 'new-password' },
      { token, newPassword: 'new-password' },
      { token, username: '  ', newPassword: 'new-password' },
    ]) {
      const res = await reset(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(messages.resetInvalidParams);
    }
    // The refused attempts did not use the token up.
    expect((await reset({ token, username: 'anna', newPassword: 'new-password' })).statusCode).toBe(
      200,
    );
  });

  it('requires a username to send a link', async () => {
    const c = new TestClient(t.app);
    for (const body of [{}, { username: '' }, { username: '   ' }]) {
      const res = await c.post('/api/auth/forgot-password', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(messages.usernameRequired);
    }
    expect(t.mailer.sent).toHaveLength(0);
  });

  it('keeps the old password working while a link is merely requested', async () => {
    await createUser(t.db, { username: 'anna', email: 'anna@example.org' });
    await requestLink('anna', 'anna@example.org');
    expect((await login('anna', 'secret123')).res.statusCode).toBe(200);
    const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(passwordResetTokens);
    expect(row!.n).toBe(1);
  });
});
