import { asc, eq } from 'drizzle-orm';
import { profileUpdateSummary } from '../../../shared/change-summary.js';
import type { AccountProfile, ResponsiblePerson } from '../../../shared/schemas/index.js';
import type { Db } from '../../db/open.js';
import { accounts, responsiblePersons } from '../../db/schema.js';
import { conflict, isUniqueViolation, notFound } from '../../errors.js';
import { recordAccountEvent } from '../history/service.js';

export interface ProfileUpdate {
  accountName?: string | undefined;
  primaryContactFullName?: string | null | undefined;
  primaryContactPhoneNumber?: string | null | undefined;
  primaryContactAddress?: string | null | undefined;
  primaryContactEmail?: string | null | undefined;
  responsiblePersons?: ResponsiblePerson[] | undefined;
}

export function createProfileService({ db }: { db: Db }) {
  async function read(accountId: number, tx: Db = db): Promise<AccountProfile> {
    const [account] = await tx.select().from(accounts).where(eq(accounts.id, accountId));
    if (!account) throw notFound('Account not found.');
    const persons = await tx
      .select()
      .from(responsiblePersons)
      .where(eq(responsiblePersons.accountId, accountId))
      .orderBy(asc(responsiblePersons.position), asc(responsiblePersons.id));
    return {
      id: account.id,
      accountName: account.accountName,
      primaryContactFullName: account.primaryContactFullName,
      primaryContactPhoneNumber: account.primaryContactPhoneNumber,
      primaryContactEmail: account.primaryContactEmail,
      primaryContactAddress: account.primaryContactAddress,
      responsiblePersons: persons.map((p) => ({
        fullName: p.fullName,
        phoneNumber: p.phoneNumber,
        email: p.email,
        address: p.address,
      })),
    };
  }

  return {
    read: (accountId: number) => read(accountId),

    /** Updates the given fields; a given list of responsible persons replaces the old one. */
    async update(accountId: number, userId: number, input: ProfileUpdate): Promise<AccountProfile> {
      try {
        return await db.transaction(async (t) => {
          const tx = t as unknown as Db;
          // Locked first, so that the profile read as "before" is the one this update replaces.
          await tx
            .select({ id: accounts.id })
            .from(accounts)
            .where(eq(accounts.id, accountId))
            .for('update');
          const before = await read(accountId, tx);
          const { responsiblePersons: persons, ...fields } = input;
          const set = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
          const updated = await tx
            .update(accounts)
            .set({ ...set, updatedAt: new Date() })
            .where(eq(accounts.id, accountId))
            .returning({ id: accounts.id });
          if (updated.length === 0) throw notFound('Account not found.');
          if (persons) {
            await tx.delete(responsiblePersons).where(eq(responsiblePersons.accountId, accountId));
            if (persons.length > 0) {
              await tx
                .insert(responsiblePersons)
                .values(persons.map((p, position) => ({ ...p, accountId, position })));
            }
          }
          const after = await read(accountId, tx);
          await recordAccountEvent(tx, {
            accountId,
            userId,
            kind: 'profile_updated',
            summary: profileUpdateSummary(before, after),
          });
          return after;
        });
      } catch (err) {
        if (isUniqueViolation(err))
          throw conflict('An account with that name already exists.', 'account_name_taken');
        throw err;
      }
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
