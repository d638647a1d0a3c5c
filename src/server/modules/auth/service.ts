import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/open.js';
import { passwordResetTokens, sessions, users } from '../../db/schema.js';
import { badRequest, conflict, isUniqueViolation } from '../../errors.js';
import { inTransaction } from '../../db/transaction.js';
import type { Outbox } from '../../mail/outbox.js';
import { adminAddresses } from '../../mail/recipients.js';
import { passwordResetMail, registrationMail, siteNow } from '../../mail/templates.js';
import { hashPassword, verifyAgainstNobody, verifyPassword } from '../../passwords.js';
import { hashToken } from '../../plugins/sessions.js';
import { messages } from '../../../shared/messages.js';
import { findLookAlike, findUserByUsername } from '../users/repo.js';

export const RESET_TOKEN_TTL_MS = 3600 * 1000;
/** Stands for the user's stored name in a reset mail until the statement that queues it. */
const STORED_NAME = '\u2063username\u2063';

interface Deps {
  db: Db;
  outbox: Outbox;
  publicUrl: string;
  houseName: () => string;
}

export type LoginResult =
  | { ok: true; user: typeof users.$inferSelect }
  | { ok: false; reason: 'invalid' | 'pending' | 'inactive' };

export function createAuthService({ db, outbox, publicUrl, houseName }: Deps) {
  const site = { publicUrl, houseName };
  return {
    async checkCredentials(username: string, password: string): Promise<LoginResult> {
      const user = await findUserByUsername(db, username);
      if (!user) {
        await verifyAgainstNobody(password);
        return { ok: false, reason: 'invalid' };
      }
      if (!(await verifyPassword(user.passwordHash, password)))
        return { ok: false, reason: 'invalid' };
      // Only after the password is right, so the answer tells a stranger nothing.
      if (user.status === 'inactive') return { ok: false, reason: 'inactive' };
      if (user.status !== 'active') return { ok: false, reason: 'pending' };
      return { ok: true, user };
    },

    async register(input: { username: string; password: string; email: string | null }) {
      // Taken also when it only looks like a taken name ("ＡＤＭＩＮ" for "admin").
      if (await findLookAlike(db, input.username))
        throw conflict(messages.usernameTaken, 'username_taken');
      const passwordHash = await hashPassword(input.password);
      try {
        // The registration and the administrators' mails about it commit together.
        await inTransaction(db, async (tx) => {
          await tx.insert(users).values({
            username: input.username,
            email: input.email,
            passwordHash,
            role: 'User',
            status: 'pending',
          });
          for (const to of await adminAddresses(tx)) {
            await outbox.enqueue(tx, {
              kind: 'registration',
              to,
              ...registrationMail(siteNow(site), input.username, input.email),
            });
          }
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(messages.usernameTaken, 'username_taken');
        throw err;
      }
    },

    /**
     * Sends a reset link if the user exists and has an address; says nothing
     * either way. Known and unknown usernames do the same work, so the answer's
     * time tells nothing either: a token and a mail are made for every request,
     * and one transaction runs the same two statements, each inserting its row
     * only when a user with that name and an address exists.
     */
    async requestPasswordReset(username: string) {
      const name = username.trim();
      const token = randomBytes(32).toString('base64url');
      const link = `${publicUrl}/reset-password?token=${encodeURIComponent(token)}&username=${encodeURIComponent(name)}`;
      // The greeting gets the stored name in the statement itself (below).
      const mail = {
        kind: 'password_reset' as const,
        ...passwordResetMail(siteNow(site), STORED_NAME, link),
      };
      const recipient = sql`from ${users} where lower(${users.username}) = lower(${name}) and ${users.email} is not null`;
      await inTransaction(db, async (tx) => {
        await tx.execute(
          sql`insert into ${passwordResetTokens} (user_id, token_hash, expires_at)
              select ${users.id}, ${hashToken(token)}, ${new Date(Date.now() + RESET_TOKEN_TTL_MS).toISOString()}::timestamptz ${recipient}`,
        );
        await outbox.enqueueTo(tx, mail, recipient, STORED_NAME);
      });
    },

    /** Uses a reset token once: sets the password and ends every session of the user. */
    async resetPassword(input: { token: string; username: string; newPassword: string }) {
      const user = await findUserByUsername(db, input.username);
      const failure = badRequest(messages.resetFailure, 'reset_failed');
      if (!user) throw failure;
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction(async (tx) => {
        const used = await tx
          .update(passwordResetTokens)
          .set({ usedAt: new Date() })
          .where(
            and(
              eq(passwordResetTokens.tokenHash, hashToken(input.token)),
              eq(passwordResetTokens.userId, user.id),
              isNull(passwordResetTokens.usedAt),
              gt(passwordResetTokens.expiresAt, new Date()),
            ),
          )
          .returning({ id: passwordResetTokens.id });
        if (used.length === 0) throw failure;
        await tx
          .update(users)
          .set({ passwordHash, updatedAt: new Date() })
          .where(eq(users.id, user.id));
        // Other links sent earlier must not work after a successful reset.
        await tx
          .update(passwordResetTokens)
          .set({ usedAt: new Date() })
          .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
        await tx.delete(sessions).where(eq(sessions.userId, user.id));
      });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
