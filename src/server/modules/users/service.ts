import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/open.js';
import { accounts, users } from '../../db/schema.js';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../errors.js';
import { inTransaction } from '../../db/transaction.js';
import type { Outbox } from '../../mail/outbox.js';
import { registrationApprovedMail, registrationRejectedMail } from '../../mail/templates.js';
import { hashPassword, verifyPassword } from '../../passwords.js';
import { messages } from '../../../shared/messages.js';
import { findLookAlike, findUserById } from './repo.js';

interface Deps {
  db: Db;
  outbox: Outbox;
  publicUrl: string;
  facilityName: string;
}

export function createUsersService({ db, outbox, publicUrl, facilityName }: Deps) {
  const site = { publicUrl, facilityName };
  async function mustFind(id: number) {
    const user = await findUserById(db, id);
    if (!user) throw notFound('User not found.');
    return user;
  }

  return {
    async changeUsername(userId: number, newUsername: string) {
      const user = await mustFind(userId);
      if (user.username === newUsername)
        throw badRequest(messages.usernameSame, 'username_unchanged');
      if (await findLookAlike(db, newUsername, userId))
        throw conflict(messages.usernameTaken, 'username_taken');
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

    async changeEmail(userId: number, email: string | null) {
      await mustFind(userId);
      const [updated] = await db
        .update(users)
        .set({ email, updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning();
      return updated!;
    },

    /** A wrong current password is 400, not 401/403: it must not log the user out. */
    async changePassword(userId: number, currentPassword: string, newPassword: string) {
      const user = await mustFind(userId);
      if (!(await verifyPassword(user.passwordHash, currentPassword))) {
        throw badRequest(messages.currentPasswordWrong, 'wrong_password');
      }
      const passwordHash = await hashPassword(newPassword);
      await db
        .update(users)
        .set({ passwordHash, updatedAt: new Date() })
        .where(eq(users.id, userId));
    },

    listPending() {
      return db
        .select()
        .from(users)
        .where(eq(users.status, 'pending'))
        .orderBy(asc(users.createdAt), asc(users.id));
    },

    async assignAccount(userId: number, accountId: number) {
      await mustFind(userId);
      const [account] = await db
        .select({ id: accounts.id })
        .from(accounts)
        .where(eq(accounts.id, accountId));
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
      if (user.status !== 'pending')
        throw conflict('This user is already approved.', 'already_approved');
      if (user.accountId === null)
        throw conflict(messages.approvalNeedsAccount, 'account_required');
      return inTransaction(db, async (tx) => {
        const [updated] = await tx
          .update(users)
          .set({ status: 'active', updatedAt: new Date() })
          .where(and(eq(users.id, userId), eq(users.status, 'pending')))
          .returning();
        if (!updated) throw conflict('This user is already approved.', 'already_approved');
        if (updated.email) {
          await outbox.enqueue(tx, {
            kind: 'registration_approved',
            to: updated.email,
            ...registrationApprovedMail(site, updated.username),
          });
        }
        return updated;
      });
    },

    /** Rejecting removes the registration; approved users cannot be rejected. */
    async reject(userId: number) {
      const user = await mustFind(userId);
      if (user.status !== 'pending')
        throw conflict('Only pending registrations can be rejected.', 'not_pending');
      await inTransaction(db, async (tx) => {
        const deleted = await tx
          .delete(users)
          .where(and(eq(users.id, userId), eq(users.status, 'pending')))
          .returning({ id: users.id });
        if (deleted.length === 0)
          throw conflict('Only pending registrations can be rejected.', 'not_pending');
        if (user.email) {
          await outbox.enqueue(tx, {
            kind: 'registration_rejected',
            to: user.email,
            ...registrationRejectedMail(site, user.username),
          });
        }
      });
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
