import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/open.js';
import { accounts, users } from '../../db/schema.js';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../errors.js';
import type { Mailer } from '../../mail/mailer.js';
import { hashPassword, verifyPassword } from '../../passwords.js';
import { messages } from '../../../shared/messages.js';
import { findUserById } from './repo.js';

interface Deps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  facilityName: string;
}

export function createUsersService({ db, mailer, publicUrl, facilityName }: Deps) {
  async function mustFind(id: number) {
    const user = await findUserById(db, id);
    if (!user) throw notFound('User not found.');
    return user;
  }

  return {
    async changeUsername(userId: number, newUsername: string) {
      const user = await mustFind(userId);
      if (user.username === newUsername) throw badRequest(messages.usernameSame, 'username_unchanged');
      const [taken] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.username}) = lower(${newUsername})`, ne(users.id, userId)))
        .limit(1);
      if (taken) throw conflict(messages.usernameTaken, 'username_taken');
      try {
        const [updated] = await db
          .update(users)
          .set({ username: newUsername, updatedAt: new Date() })
          .where(eq(users.id, userId))
          .returning();
        return updated!;
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(messages.usernameTaken, 'username_taken');
        throw err;
      }
    },

    /** A wrong current password is 400, not 401/403: it must not log the user out. */
    async changePassword(userId: number, currentPassword: string, newPassword: string) {
      const user = await mustFind(userId);
      if (!(await verifyPassword(user.passwordHash, currentPassword))) {
        throw badRequest(messages.currentPasswordWrong, 'wrong_password');
      }
      const passwordHash = await hashPassword(newPassword);
      await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
    },

    listPending() {
      return db.select().from(users).where(eq(users.status, 'pending')).orderBy(asc(users.createdAt), asc(users.id));
    },

    async assignAccount(userId: number, accountId: number) {
      await mustFind(userId);
      const [account] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId));
      if (!account) throw notFound('Account not found.');
      const [updated] = await db
        .update(users)
        .set({ accountId, updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning();
      return updated!;
    },

    async approve(userId: number) {
      const user = await mustFind(userId);
      if (user.status !== 'pending') throw conflict('This user is already approved.', 'already_approved');
      if (user.accountId === null) throw conflict(messages.approvalNeedsAccount, 'account_required');
      const [updated] = await db
        .update(users)
        .set({ status: 'active', updatedAt: new Date() })
        .where(and(eq(users.id, userId), eq(users.status, 'pending')))
        .returning();
      if (!updated) throw conflict('This user is already approved.', 'already_approved');
      if (updated.email) {
        mailer.send({
          to: updated.email,
          subject: `${facilityName}: your registration is approved`,
          text: [
            `Hello ${updated.username},`,
            '',
            `Your registration has been approved. You can now log in at ${publicUrl}/login`,
            '',
            facilityName,
          ].join('\n'),
        });
      }
      return updated;
    },

    /** Rejecting removes the registration; approved users cannot be rejected. */
    async reject(userId: number) {
      const user = await mustFind(userId);
      if (user.status !== 'pending') throw conflict('Only pending registrations can be rejected.', 'not_pending');
      const deleted = await db
        .delete(users)
        .where(and(eq(users.id, userId), eq(users.status, 'pending')))
        .returning({ id: users.id });
      if (deleted.length === 0) throw conflict('Only pending registrations can be rejected.', 'not_pending');
      if (user.email) {
        mailer.send({
          to: user.email,
          subject: `${facilityName}: your registration`,
          text: [
            `Hello ${user.username},`,
            '',
            'Thank you for your interest. We were not able to approve your registration. If you think this is a mistake, please contact us.',
            '',
            facilityName,
          ].join('\n'),
        });
      }
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
