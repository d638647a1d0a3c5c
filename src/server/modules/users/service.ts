import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/open.js';
import type { PageWindow } from '../../db/paging.js';
import { accounts, sessions, users } from '../../db/schema.js';
import { badRequest, conflict, isUniqueViolation, notFound, sqlState } from '../../errors.js';
import { inTransaction } from '../../db/transaction.js';
import type { Outbox } from '../../mail/outbox.js';
import {
  registrationApprovedMail,
  registrationRejectedMail,
  siteNow,
} from '../../mail/templates.js';
import { hashPassword, verifyPassword } from '../../passwords.js';
import { messages } from '../../../shared/messages.js';
import { recordAccountEvent } from '../history/service.js';
import {
  findDirectoryUser,
  findLookAlike,
  findUserById,
  listDirectory,
  type DirectoryFilter,
} from './repo.js';
import { isAdmin, ADMINISTRATOR, type Role } from '../../../shared/roles.js';

/** An administrator's change to a user (PATCH /api/users/{id}); at least one field is set. */
export interface UserChanges {
  accountId?: number | undefined;
  role?: Role | undefined;
  /** false: deactivate (logged out, login refused); true: reactivate. */
  active?: boolean | undefined;
}

const accountNotFound = () => notFound('That account does not exist.', 'account_not_found');

interface Deps {
  db: Db;
  outbox: Outbox;
  publicUrl: string;
  houseName: () => string;
}

export function createUsersService({ db, outbox, publicUrl, houseName }: Deps) {
  const site = { publicUrl, houseName };
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

    /** The administrators' directory: every user with their church, by username. */
    list: (filter: DirectoryFilter & PageWindow = {}) => listDirectory(db, filter),

    /**
     * Moves a user to another church, makes or unmakes an administrator,
     * deactivates or reactivates, in one transaction with the churches' events.
     * The active administrators' rows are locked first (always in id order, then
     * the user's), so two changes at once cannot both remove the last of them.
     */
    async update(adminId: number, userId: number, changes: UserChanges) {
      try {
        return await inTransaction(db, async (tx) => {
          const admins = await tx
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.role, ADMINISTRATOR), eq(users.status, 'active')))
            .orderBy(asc(users.id))
            .for('update');
          const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
          if (!user) throw notFound('User not found.');

          if (changes.active !== undefined && user.status === 'pending') {
            throw conflict(
              'This registration is still waiting for approval: approve it (or reject it) first.',
              'registration_pending',
            );
          }
          const role = changes.role ?? user.role;
          const status =
            changes.active === undefined || user.status === 'pending'
              ? user.status
              : changes.active
                ? 'active'
                : 'inactive';
          const wasAdmin = isAdmin(user) && user.status === 'active';
          const staysAdmin = role === ADMINISTRATOR && status === 'active';
          if (wasAdmin && !staysAdmin && !admins.some((a) => a.id !== userId)) {
            throw conflict(
              'This would leave no active administrator. Make another user an administrator first.',
              'last_admin',
            );
          }

          const moving = changes.accountId !== undefined && changes.accountId !== user.accountId;
          let from: { id: number; accountName: string } | undefined;
          let to: { id: number; accountName: string } | undefined;
          if (moving) {
            [to] = await tx
              .select({ id: accounts.id, accountName: accounts.accountName })
              .from(accounts)
              .where(eq(accounts.id, changes.accountId!));
            if (!to) throw accountNotFound();
            if (user.accountId !== null) {
              [from] = await tx
                .select({ id: accounts.id, accountName: accounts.accountName })
                .from(accounts)
                .where(eq(accounts.id, user.accountId));
            }
          }

          await tx
            .update(users)
            .set({
              role,
              status,
              ...(moving ? { accountId: to!.id } : {}),
              updatedAt: new Date(),
            })
            .where(eq(users.id, userId));
          // Logged out at once: every session of a deactivated user ends with this commit.
          if (status === 'inactive' && user.status !== 'inactive')
            await tx.delete(sessions).where(eq(sessions.userId, userId));

          const name = user.username;
          if (moving) {
            if (from) {
              await recordAccountEvent(tx, {
                accountId: from.id,
                userId: adminId,
                kind: 'member_left',
                summary: `${name} moved to ${to!.accountName}`,
              });
            }
            await recordAccountEvent(tx, {
              accountId: to!.id,
              userId: adminId,
              kind: 'member_joined',
              summary: from ? `${name} joined from ${from.accountName}` : `${name} joined`,
            });
          }
          const accountId = moving ? to!.id : user.accountId;
          if (status !== user.status) {
            await recordAccountEvent(tx, {
              accountId,
              userId: adminId,
              kind: status === 'inactive' ? 'member_deactivated' : 'member_reactivated',
              summary:
                status === 'inactive' ? `${name} was deactivated` : `${name} was reactivated`,
            });
          }
          return (await findDirectoryUser(tx, userId))!;
        });
      } catch (err) {
        // The church was deleted between the check and the update.
        if (sqlState(err) === '23503') throw accountNotFound();
        throw err;
      }
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
            ...registrationApprovedMail(siteNow(site), updated.username),
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
            ...registrationRejectedMail(siteNow(site), user.username),
          });
        }
      });
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
