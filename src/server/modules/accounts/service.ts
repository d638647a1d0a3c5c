import { asc } from 'drizzle-orm';
import type { Db } from '../../db/open.js';
import { accounts } from '../../db/schema.js';
import { conflict, isUniqueViolation } from '../../errors.js';

const nameTaken = () => conflict('An account with that name already exists.', 'account_name_taken');

export function createAccountsService({ db }: { db: Db }) {
  return {
    list() {
      return db
        .select({ id: accounts.id, accountName: accounts.accountName })
        .from(accounts)
        .orderBy(asc(accounts.accountName), asc(accounts.id));
    },
    async create(accountName: string) {
      try {
        const [row] = await db
          .insert(accounts)
          .values({ accountName })
          .returning({ id: accounts.id, accountName: accounts.accountName });
        return row!;
      } catch (err) {
        if (isUniqueViolation(err)) throw nameTaken();
        throw err;
      }
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
