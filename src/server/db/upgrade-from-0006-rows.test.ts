/**
 * Upgrading a house from the release ending at migration 0006_mail_outbox to
 * this release keeps every row and value of every table, and gives the old
 * reservations what 0007_calendar_admin and 0008_reservation_day_ranges add,
 * and their counts by status (0011_reservation_counts).
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../shared/dates.js';
import { rows } from '../testing/release-migrations.js';
import type { Database } from './open.js';
import {
  HOLDING_IDS,
  RESERVATIONS,
  TABLES_OF_0006,
  base64,
  icsText,
  receiptBytes,
  useUpgradedHouse,
  oldColumnsOf,
  type Row,
} from './upgrade-from-0006.testing.js';

/** The tables as the previous release had them, without the setting this release adds. */
const withoutAddedSetting = (s: Record<string, Row[]>) => ({
  ...s,
  app_secrets: s.app_secrets!.filter((r) => r.name !== 'unrecorded-checkout-sessions-until'),
});

const countsOf = (s: Record<string, Row[]>) =>
  Object.fromEntries(Object.entries(s).map(([table, list]) => [table, list.length]));

describe('upgrading a database of the release ending at 0006_mail_outbox', () => {
  const house = useUpgradedHouse();
  let database: Database;
  let before: Record<string, Row[]>;
  let afterMigrations: Record<string, Row[]>;
  let afterStart: Record<string, Row[]>;
  beforeAll(() => {
    ({ database, before, afterMigrations, afterStart } = house);
  });

  it('keeps every row and every value of every table of the previous release', () => {
    // Every table had rows, so a table emptied by a migration would show.
    for (const table of TABLES_OF_0006) expect(before[table]!.length, table).toBeGreaterThan(0);
    expect(countsOf(before)).toMatchObject({ reservations: 7, ledger_entries: 4, mail_outbox: 6 });
    // 0010_money_refunds_and_sessions adds one setting: until when an unrecorded checkout session counts.
    for (const s of [afterMigrations, afterStart])
      expect(s.app_secrets!.map((r) => r.name)).toContain('unrecorded-checkout-sessions-until');
    const migrated = withoutAddedSetting(afterMigrations);
    const started = withoutAddedSetting(afterStart);
    expect(countsOf(migrated)).toEqual(countsOf(before));
    expect(countsOf(started)).toEqual(countsOf(before));
    // Every column the previous release had, with the same value in every row.
    expect(oldColumnsOf(before, migrated)).toEqual(before);
    expect(oldColumnsOf(before, started)).toEqual(before);

    // A few values spelled out, as the house would look for them.
    const byId = (table: string, id: number) => afterStart[table]!.find((r) => r.id === id)!;
    expect(byId('reservations', 3)).toMatchObject({
      status: 'cancelled',
      payment_status: 'paid',
      price_cents: 13000,
      cancellation_reason: 'Plans changed',
    });
    expect(byId('ledger_entries', 3)).toMatchObject({
      kind: 'refund',
      amount_cents: 6500,
      charge_id: 2,
      document_id: 3,
    });
    expect(byId('documents', 1)).toMatchObject({
      kind: 'receipt',
      content: `\\x${receiptBytes.toString('hex')}`,
    });
    expect(byId('mail_outbox', 1)).toMatchObject({
      status: 'queued',
      message_id: '<m1@site.test>',
      attachments: [{ filename: 'reservation-1.ics', contentBase64: base64(icsText) }],
    });
  });

  it('gives the old reservations what 0007 and 0008 add', async () => {
    // The holding reservations (past ones too) hold their days in calendar_holds; the others none.
    const holds = await rows(
      database,
      sql`select reservation_id as id, closure_id, lower(days)::text as first, upper(days)::text as after
          from calendar_holds order by reservation_id`,
    );
    expect(holds).toEqual(
      RESERVATIONS.filter((r) => HOLDING_IDS.includes(r[0])).map(([id, , firstDay, lastDay]) => ({
        id,
        closure_id: null,
        first: firstDay,
        after: addDays(lastDay, 1),
      })),
    );
    // Old rows keep no turnover and start at revision 0; no closures or feed tokens yet.
    expect(
      await rows(
        database,
        sql`select turnover_days as t, revision as r, count(*)::int as n from reservations group by 1, 2`,
      ),
    ).toEqual([{ t: 0, r: 0, n: 7 }]);
    expect(
      await rows(
        database,
        sql`select (select count(*)::int from closures) as closures, (select count(*)::int from calendar_feed_tokens) as tokens`,
      ),
    ).toEqual([{ closures: 0, tokens: 0 }]);
    // The new indexes are built over the old rows and usable.
    const indexes = await rows<{ name: string; valid: boolean }>(
      database,
      sql`select c.relname as name, i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid
          where c.relname in ('reservations_day_range_idx', 'reservations_status_idx', 'reservations_holding_idx') order by 1`,
    );
    expect(indexes).toEqual([
      { name: 'reservations_day_range_idx', valid: true },
      { name: 'reservations_holding_idx', valid: true },
      { name: 'reservations_status_idx', valid: true },
    ]);
  });

  it('counts the old reservations by status, for the lists (0011)', async () => {
    const statuses = RESERVATIONS.map((r) => r[4] as string);
    const expected = [...new Set(statuses)]
      .sort()
      .map((status) => ({ status, n: statuses.filter((s) => s === status).length }));
    expect(
      await rows(database, sql`select status, n from reservation_counts order by status`),
    ).toEqual(expected);
  });

  it('carries the refunds made before into the refunds, as made, each with its ledger entry (0010)', async () => {
    expect(
      await rows(
        database,
        sql`select charge_id, ledger_entry_id, amount_cents, status, provider_reference, cause
            from refunds order by id`,
      ),
    ).toEqual([
      {
        charge_id: 2,
        ledger_entry_id: 3,
        amount_cents: 6500,
        status: 'succeeded',
        provider_reference: afterStart.ledger_entries!.find((r) => r.id === 3)!.reference,
        cause: 'recorded:3',
      },
    ]);
    // No checkout session was recorded before; a paid one from then still counts for a day.
    expect(await rows(database, sql`select count(*)::int as n from checkout_sessions`)).toEqual([
      { n: 0 },
    ]);
  });
});
