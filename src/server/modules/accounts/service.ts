import { asc, sql } from 'drizzle-orm';
import type { AccountDetails, AccountOverview } from '../../../shared/schemas/index.js';
import type { Db } from '../../db/open.js';
import { accounts } from '../../db/schema.js';
import { readPage, type PageWindow } from '../../db/paging.js';
import { conflict, isUniqueViolation } from '../../errors.js';
import type { DocumentsService } from '../documents/service.js';
import type { PaymentsService } from '../payments/service.js';
import type { ProfileService } from '../profile/service.js';
import type { ReservationPresenters } from '../reservations/presenter.js';
import type { ReservationsService } from '../reservations/service.js';
import { presentDirectoryUser } from '../users/presenter.js';
import type { UsersService } from '../users/service.js';

/** accounts.id, qualified: Drizzle leaves it bare in a one-table select, and the subqueries have ids too. */
const ACCOUNT_ID = sql.raw('"accounts"."id"');

const nameTaken = () => conflict('An account with that name already exists.', 'account_name_taken');

/** The administrator who reads a church's page (documents and payments are read as them). */
export interface AdminViewer {
  id: number;
  role: string;
  accountId: number | null;
}

interface Deps {
  db: Db;
  profile: ProfileService;
  users: UsersService;
  reservations: ReservationsService;
  documents: DocumentsService;
  payments: PaymentsService;
  present: ReservationPresenters;
}

export function createAccountsService({ db, present, ...modules }: Deps) {
  return {
    list() {
      return db
        .select({ id: accounts.id, accountName: accounts.accountName })
        .from(accounts)
        .orderBy(asc(accounts.accountName), asc(accounts.id));
    },

    /**
     * Every church with its counts and what it has paid net (charges minus
     * refunds), by name (ties by id); a page of them with `limit`, and the
     * total. The page is chosen first, so only its churches' counts are computed.
     */
    overview(window: PageWindow = {}): Promise<{ items: AccountOverview[]; total: number }> {
      return readPage(
        db,
        window,
        (tx, page) => {
          const ordered = tx
            .select({ id: accounts.id, accountName: accounts.accountName })
            .from(accounts)
            .orderBy(asc(accounts.accountName), asc(accounts.id))
            .$dynamic();
          const chosen = (page ? ordered.limit(page.limit).offset(page.offset) : ordered).as(
            'accounts',
          );
          return tx
            .select({
              id: chosen.id,
              accountName: chosen.accountName,
              members: sql<number>`(select count(*) from users u where u.account_id = ${ACCOUNT_ID})::int`,
              reservations: sql<number>`(select count(*) from reservations r where r.account_id = ${ACCOUNT_ID})::int`,
              paidCents: sql<number>`(select coalesce(sum(case when l.kind = 'charge' then l.amount_cents else -l.amount_cents end), 0) from ledger_entries l where l.account_id = ${ACCOUNT_ID})::int`,
              documents: sql<number>`(select count(*) from documents d where d.account_id = ${ACCOUNT_ID})::int`,
            })
            .from(chosen)
            .orderBy(asc(chosen.accountName), asc(chosen.id));
        },
        async (tx) => {
          const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(accounts);
          return row!.n;
        },
      );
    },

    /**
     * One church's page: its profile, members, reservations, documents and
     * ledger entries, each as its own list route presents them. 404 when the
     * church does not exist.
     */
    async details(accountId: number, viewer: AdminViewer): Promise<AccountDetails> {
      const profile = await modules.profile.read(accountId);
      const [members, reservations, documents, payments] = await Promise.all([
        modules.users.list({ accountId }),
        modules.reservations.list({ accountId }),
        modules.documents.list(viewer, accountId),
        modules.payments.list(viewer, { accountId }),
      ]);
      return {
        ...profile,
        members: members.items.map(presentDirectoryUser),
        reservations: reservations.items.map(present.adminReservation),
        documents,
        payments: payments.entries,
      };
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
