import { and, eq, sql, type SQL } from 'drizzle-orm';
import { todayIn } from '../../../shared/dates.js';
import { owedCents } from '../../../shared/payment-parts.js';
import { isHolding } from '../../../shared/reservations.js';
import type { GroupPricing } from '../../../shared/schemas/pricing.js';
import type { ChecklistItem } from '../../../shared/schemas/questionnaire.js';
import { stayChecklist } from '../../../shared/stay-checklist.js';
import type { Db } from '../../db/open.js';
import { accounts, agreements, questionnaires, reservations, users } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import { netPaidCentsColumn } from '../payments/paid.js';
import { mayOpenStay, type StayViewer } from '../reservations/ownership.js';

export interface ChecklistDeps {
  db: Db;
  /** The house's group terms now, for stays of an older release that kept none. */
  group: () => GroupPricing | null;
  /** Asked at each reading: the staff may add or remove the agreement (docs/site-content.md). */
  houseHasAgreement: () => boolean;
  facilityTimezone: string;
}

/** The latest expiry of the insurance certificates of the stay's church. */
const insuranceColumn = sql<
  string | null
>`(select max(d.expires_on)::text from documents d where d.kind = 'insurance' and d.account_id = ${reservations.accountId})`;

/**
 * The stays' checklists (docs/stays.md, "The checklist"), read in one query
 * for any number of stays: the stay page asks for one, the reminders for all
 * approved stays to come.
 */
export function createChecklists(deps: ChecklistDeps) {
  async function rows(db: Db, where: SQL | undefined) {
    return db
      .select({
        r: reservations,
        userEmail: users.email,
        userStatus: users.status,
        /** The member's church now: reminders go to them only while it is the stay's. */
        userAccountId: users.accountId,
        username: users.username,
        accountName: accounts.accountName,
        accepted: agreements.reservationId,
        submittedAt: questionnaires.submittedAt,
        netPaid: netPaidCentsColumn,
        insuranceExpiresOn: insuranceColumn,
      })
      .from(reservations)
      .innerJoin(users, eq(users.id, reservations.userId))
      .leftJoin(accounts, eq(accounts.id, reservations.accountId))
      .leftJoin(agreements, eq(agreements.reservationId, reservations.id))
      .leftJoin(questionnaires, eq(questionnaires.reservationId, reservations.id))
      .where(where)
      .orderBy(reservations.firstDay, reservations.id);
  }
  type Row = Awaited<ReturnType<typeof rows>>[number];
  type House = { group: GroupPricing | null; houseHasAgreement: boolean };
  const houseNow = (): House => ({
    group: deps.group(),
    houseHasAgreement: deps.houseHasAgreement(),
  });

  function itemsOf(row: Row, house: House): ChecklistItem[] {
    const { r } = row;
    const netCents = row.netPaid;
    const group = r.priceTerms ? r.priceTerms.group : house.group;
    return stayChecklist({
      group,
      houseHasAgreement: house.houseHasAgreement,
      agreementAccepted: row.accepted !== null,
      approvedOn:
        r.status === 'approved' && r.approvedAt
          ? todayIn(deps.facilityTimezone, r.approvedAt)
          : null,
      firstDay: r.firstDay,
      lastDay: r.lastDay,
      depositCents: r.depositCents,
      netCents,
      owedCents: owedCents({
        holding: isHolding(r.status),
        priceCents: r.priceCents ?? 0,
        depositCents: r.depositCents,
        netCents,
      }),
      questionnaireSubmitted: row.submittedAt !== null,
      insuranceExpiresOn: row.insuranceExpiresOn,
    });
  }

  return {
    async of(id: number, viewer: StayViewer) {
      const [row] = await rows(deps.db, eq(reservations.id, id));
      if (!row || !mayOpenStay(row.r, viewer)) throw notFound('Reservation not found.');
      return itemsOf(row, houseNow());
    },

    /** Every approved stay beginning on or after `from` (and up to `until`), with its checklist. */
    async approvedFrom(db: Db, from: string, until?: string) {
      const found = await rows(
        db,
        and(
          eq(reservations.status, 'approved'),
          sql`${reservations.firstDay} >= ${from}`,
          until === undefined ? undefined : sql`${reservations.firstDay} <= ${until}`,
        ),
      );
      const house = houseNow();
      return found.map((row) => ({ ...row, items: itemsOf(row, house) }));
    },
  };
}
export type Checklists = ReturnType<typeof createChecklists>;
