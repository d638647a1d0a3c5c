import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/open.js';
import { passwordResetTokens, sessions, users } from '../../db/schema.js';
import { badRequest, conflict, isUniqueViolation } from '../../errors.js';
import type { Mailer } from '../../mail/mailer.js';
import { hashPassword, verifyAgainstNobody, verifyPassword } from '../../passwords.js';
import { hashToken } from '../../plugins/sessions.js';
import { messages } from '../../../shared/messages.js';
import { findUserByUsername } from '../users/repo.js';

export const RESET_TOKEN_TTL_MS = 3600 * 1000;

interface Deps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  facilityName: string;
}

export type LoginResult =
  | { ok: true; user: typeof users.$inferSelect }
  | { ok: false; reason: 'invalid' | 'pending' };

export function createAuthService({ db, mailer, publicUrl, facilityName }: Deps) {
  return {
    async checkCredentials(username: string, password: string): Promise<LoginResult> {
      const user = await findUserByUsername(db, username);
      if (!user) {
        await verifyAgainstNobody(password);
        return { ok: false, reason: 'invalid' };
      }
      if (!(await verifyPassword(user.passwordHash, password))) return { ok: false, reason: 'invalid' };
      // Only after the password is right, so the answer tells a stranger nothing.
      if (user.status !== 'active') return { ok: false, reason: 'pending' };
      return { ok: true, user };
    },

    async register(input: { username: string; password: string; email: string | null }) {
      if (await findUserByUsername(db, input.username)) throw conflict(messages.usernameTaken, 'username_taken');
      const passwordHash = await hashPassword(input.password);
      try {
        await db.insert(users).values({
          username: input.username,
          email: input.email,
          passwordHash,
          role: 'User',
          status: 'pending',
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(messages.usernameTaken, 'username_taken');
        throw err;
      }
    },

    /** Sends a reset link if the user exists and has an address; says nothing either way. */
    async requestPasswordReset(username: string) {
      const user = await findUserByUsername(db, username);
      if (!user?.email) return;
      const token = randomBytes(32).toString('base64url');
      await db.insert(passwordResetTokens).values({
        userId: user.id,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
      });
      const link = `${publicUrl}/reset-password?token=${encodeURIComponent(token)}&username=${encodeURIComponent(user.username)}`;
      mailer.send({
        to: user.email,
        subject: `${facilityName}: reset your password`,
        text: [
          `Hello ${user.username},`,
          '',
          'Someone asked to reset the password of your account. To choose a new password, open this link within one hour:',
          '',
          link,
          '',
          'If you did not ask for this, you can ignore this message; your password stays as it is.',
          '',
          facilityName,
        ].join('\n'),
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
        await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
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
