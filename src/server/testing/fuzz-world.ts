/**
 * The world the fuzzed requests land in: two churches, an administrator and
 * members, reservations and documents, laid out afresh before each route.
 */
import { eq, sql } from 'drizzle-orm';
import { addDays, endTimeOf, startTimeOf, todayIn } from '../../shared/dates.js';
import {
  accounts,
  attendeeLinks,
  attendees,
  documents,
  reservations,
  users,
} from '../db/schema.js';
import { hashPassword } from '../passwords.js';
import { getOrCreateSecret } from '../secrets.js';
import { TestClient, resetDatabase, type TestContext } from './harness.js';

export const PASSWORD = 'secret123';
/** The two sessions the requests are sent with. */
export type ActorName = 'admin' | 'member';

export interface World {
  ids: number[];
  userIds: Record<ActorName | 'other' | 'pending', number>;
  accountIds: number[];
  year: number;
  month: number;
  free: { startTime: string; endTime: string };
  /** The attendee link of the member's approved stay (reservation 2). */
  attendeeToken: string;
}

/** `seedWorld` to lay the world out, `login` an actor into it, and `snapshot` its tables. */
export function fuzzWorld(t: TestContext) {
  let passwordHash: Promise<string> | undefined;

  async function seedWorld(): Promise<World> {
    const db = t.db;
    await resetDatabase(db);
    // Made once, as a running server would have them: refused requests must not create them.
    await getOrCreateSecret(db, 'download-url');
    await getOrCreateSecret(db, 'sandbox-webhook');
    await getOrCreateSecret(db, 'sandbox-checkout');
    const hash = await (passwordHash ??= hashPassword(PASSWORD));
    const [mine, other] = await db
      .insert(accounts)
      .values([{ accountName: 'Fuzz Parish' }, { accountName: 'Other Parish' }])
      .returning();
    const u = await db
      .insert(users)
      .values([
        { username: 'admin', passwordHash: hash, role: 'Administrator', status: 'active' },
        {
          username: 'member',
          passwordHash: hash,
          status: 'active',
          accountId: mine!.id,
          email: 'm@example.org',
        },
        { username: 'other', passwordHash: hash, status: 'active', accountId: other!.id },
        { username: 'pending', passwordHash: hash, status: 'pending', accountId: mine!.id },
      ])
      .returning();
    const [admin, member, otherUser, pending] = u.map((r) => r.id) as number[];
    const first = addDays(todayIn(t.config.facilityTimezone), 10);
    const res = (userId: number, offset: number, status: 'pending' | 'approved' | 'cancelled') => ({
      userId,
      accountId: userId === member ? mine!.id : other!.id,
      firstDay: addDays(first, offset),
      lastDay: addDays(first, offset + 1),
      eventName: `Event ${offset}`,
      eventDescription: 'Seeded',
      status,
      priceCents: 30000,
      currency: 'USD',
    });
    await db
      .insert(reservations)
      .values([
        res(member!, 0, 'pending'),
        res(member!, 5, 'approved'),
        res(member!, 10, 'cancelled'),
        res(otherUser!, 15, 'approved'),
      ]);
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    await db.insert(documents).values([
      {
        accountId: mine!.id,
        uploadedBy: member!,
        fileName: 'a.pdf',
        description: 'Mine',
        fileSize: pdf.length,
        content: pdf,
      },
      {
        accountId: other!.id,
        uploadedBy: otherUser!,
        fileName: 'b.pdf',
        description: 'Theirs',
        fileSize: pdf.length,
        content: pdf,
      },
    ]);
    const attendeeToken = 'fuzz-attendee-link-0123456789abcdef';
    await db
      .insert(attendeeLinks)
      .values({ reservationId: 2, token: attendeeToken, createdAt: new Date() });
    await db.insert(attendees).values([
      { reservationId: 2, name: 'Mine', createdAt: new Date() },
      { reservationId: 4, name: 'Theirs', createdAt: new Date() },
    ]);
    const free = addDays(first, 30);
    return {
      attendeeToken,
      ids: [1, 2, 3, 4, 5],
      userIds: { admin: admin!, member: member!, other: otherUser!, pending: pending! },
      accountIds: [mine!.id, other!.id],
      year: Number(first.slice(0, 4)),
      month: Number(first.slice(5, 7)),
      free: { startTime: startTimeOf(free), endTime: endTimeOf(addDays(free, 1)) },
    };
  }

  /** Logs the actor in (again): by id, since a fuzzed username change may have renamed it. */
  async function login(actor: ActorName, world: World): Promise<TestClient> {
    const [row] = await t.db.select().from(users).where(eq(users.id, world.userIds[actor]));
    const client = new TestClient(t.app);
    const res = await client.post('/api/auth/login', {
      username: row!.username,
      password: PASSWORD,
    });
    if (res.statusCode !== 200)
      throw new Error(`login of ${actor} failed: ${res.statusCode} ${res.body}`);
    return client;
  }

  let snapshotQuery: string | undefined;

  /** Row count and a checksum of every table, in one statement. */
  async function snapshot(): Promise<Record<string, string>> {
    snapshotQuery ??= (
      (await t.db.execute(
        sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
      )) as unknown as { rows: { tablename: string }[] }
    ).rows
      .map((r) => r.tablename)
      .map(
        (name) =>
          `select '${name}' as t, count(*)::text || ' ' || coalesce(md5(string_agg(j, E'\\n' order by j)), '-') as v ` +
          `from (select to_json(r)::text as j from "${name}" r) s`,
      )
      .join(' union all ');
    const { rows } = (await t.db.execute(sql.raw(snapshotQuery))) as unknown as {
      rows: { t: string; v: string }[];
    };
    return Object.fromEntries(rows.map((r) => [r.t, r.v]));
  }

  return { seedWorld, login, snapshot };
}
