import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeEach } from 'vitest';
import { buildApp, type AppDeps } from '../app.js';
import type { PricingFile } from '../../shared/schemas/pricing.js';
import { loadConfig, type Config } from '../config.js';
import { openDatabase, type Database, type Db } from '../db/open.js';
import { accounts, users } from '../db/schema.js';
import type { MailTransport, OutgoingMail } from '../mail/mailer.js';
import { hashPassword } from '../passwords.js';
import { TestClient, type TestClientOptions } from './test-client.js';

export { TestClient };
// The reservation helpers, from the harness as before.
export * from './reservations.js';

/**
 * The prices most tests are written for: the day rate of DAILY_RATE_CENTS
 * ($150.00 by default) and the tiers 30 days → 100 %, 14 days → 50 %, without
 * group pricing (group-stay tests pass their own rules, and an agreement).
 */
export const BY_THE_DAY: PricingFile = {
  defaultLabel: 'Daily rate',
  cancellationPolicy: [
    { daysBeforeStart: 30, refundPercent: 100 },
    { daysBeforeStart: 14, refundPercent: 50 },
  ],
};

/** Which database the server tests run on: the vitest project sets TEST_DB. */
export const testDbKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

async function openPglite(options: { empty?: boolean } = {}): Promise<Database> {
  if (options.empty) return openDatabase({ pglite: await PGlite.create() });
  const template = process.env.PGLITE_TEMPLATE;
  const pglite = template
    ? await PGlite.create({ loadDataDir: new Blob([await readFile(template)]) })
    : await PGlite.create();
  const database = await openDatabase({ pglite });
  if (!template) await database.migrate();
  return database;
}

/** A database of its own on the PostgreSQL server, dropped when the file ends. */
async function openPostgres(options: { empty?: boolean } = {}): Promise<{
  database: Database;
  url: string;
  drop: () => Promise<void>;
}> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `retreat_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 20 });
  if (!options.empty) await database.migrate();
  return {
    database,
    url: url.toString(),
    async drop() {
      await database.close();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** A database of this test run's kind with nothing in it, not even the migrations; `drop` removes it. */
export async function openEmptyDatabase(): Promise<{
  database: Database;
  drop: () => Promise<void>;
}> {
  if (testDbKind === 'postgres') return openPostgres({ empty: true });
  const database = await openPglite({ empty: true });
  return { database, drop: () => database.close() };
}

/** Empties every table between tests, so each starts from a migrated, empty database. */
export async function resetDatabase(db: Db) {
  const result = (await db.execute(
    sql`select tablename from pg_tables where schemaname = 'public'`,
  )) as unknown as {
    rows: { tablename: string }[];
  };
  const tables = result.rows.map((r) => `"${r.tablename}"`);
  if (tables.length > 0)
    await db.execute(sql.raw(`truncate ${tables.join(', ')} restart identity cascade`));
}

/** The mail transport of the tests: keeps every mail delivered from the outbox in memory. */
export class CapturingMailer implements MailTransport {
  sent: OutgoingMail[] = [];
  async deliver(mail: OutgoingMail) {
    this.sent.push(mail);
  }
  last(to?: string) {
    const list = to ? this.sent.filter((m) => m.to === to) : this.sent;
    return list[list.length - 1];
  }
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: '/nonexistent-test-data',
    PUBLIC_URL: 'http://site.test',
    ...overrides,
  });
}

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  database: Database;
  mailer: CapturingMailer;
  config: Config;
  /** The PostgreSQL database of this file (PostgreSQL project only). */
  databaseUrl?: string;
}

/**
 * One database and one app per test file, emptied before each test. Call at
 * the top of a test file: `const t = useTestApp();` then use `t.app` in tests.
 */
export function useTestApp(
  env: Record<string, string> = {},
  options: Pick<
    AppDeps,
    'pricing' | 'now' | 'agreement' | 'rooms' | 'content' | 'webDir' | 'contentPollMs'
  > = {},
): TestContext {
  const ctx = {} as TestContext;
  let drop: (() => Promise<void>) | undefined;
  let ready: Promise<void> | undefined;

  const init = async () => {
    if (testDbKind === 'postgres') {
      const opened = await openPostgres();
      ctx.database = opened.database;
      ctx.databaseUrl = opened.url;
      drop = opened.drop;
    } else {
      ctx.database = await openPglite();
      drop = () => ctx.database.close();
    }
    ctx.db = ctx.database.db;
  };

  beforeEach(async () => {
    ready ??= init();
    await ready;
    if (ctx.app) await ctx.app.close();
    await resetDatabase(ctx.db);
    ctx.mailer = new CapturingMailer();
    ctx.config = testConfig(env);
    ctx.app = await buildApp({
      config: ctx.config,
      database: ctx.database,
      mailer: ctx.mailer,
      logger: false,
      // No polling: a request's mail is delivered from the outbox before its answer.
      mailPollMs: 0,
      // Refunds are made in the request that records them; a test drains the rest itself.
      refundPollMs: 0,
      refundRetryBaseMs: 1,
      deliverMailBeforeAnswering: true,
      // A house priced by the day without an agreement, unless the test says otherwise.
      pricing: BY_THE_DAY,
      agreement: null,
      ...options,
    });
    await ctx.app.ready();
  });

  afterAll(async () => {
    if (ctx.app) await ctx.app.close();
    if (drop) await drop();
  });
  return ctx;
}

export interface SeedUser {
  username: string;
  password?: string;
  email?: string | null;
  role?: 'Administrator' | 'User';
  status?: 'pending' | 'active' | 'inactive';
  accountId?: number | null;
}

export async function createUser(db: Db, u: SeedUser) {
  const [row] = await db
    .insert(users)
    .values({
      username: u.username,
      email: u.email ?? null,
      passwordHash: await hashPassword(u.password ?? 'secret123'),
      role: u.role ?? 'User',
      status: u.status ?? 'active',
      accountId: u.accountId ?? null,
    })
    .returning();
  return row!;
}

export async function createAccount(db: Db, accountName: string) {
  const [row] = await db.insert(accounts).values({ accountName }).returning();
  return row!;
}

/** Posts a login from `client` (a new one unless given) and gives the answer, whatever it is. */
export async function attemptLogin(
  ctx: TestContext,
  username: string,
  password = 'secret123',
  client = new TestClient(ctx.app),
) {
  const res = await client.post('/api/auth/login', { username, password });
  return { client, res };
}

export async function isAuthenticated(client: TestClient) {
  return (await client.get('/api/auth/status')).json().authenticated as boolean;
}

/** The user's row as stored (undefined once deleted). */
export async function userRow(ctx: TestContext, id: number) {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, id));
  return row;
}

/** A logged-in client for a user created on the spot. */
export async function loggedInClient(
  ctx: TestContext,
  u: SeedUser,
  clientOptions: TestClientOptions = {},
) {
  const user = await createUser(ctx.db, u);
  const { client, res } = await attemptLogin(
    ctx,
    u.username,
    u.password,
    new TestClient(ctx.app, clientOptions),
  );
  if (res.statusCode !== 200)
    throw new Error(`login of ${u.username} failed: ${res.statusCode} ${res.body}`);
  return { client, user };
}

/** A logged-in member of an account of their own ("Church {username}" unless named). */
export async function memberWithAccount(
  ctx: TestContext,
  username: string,
  email: string | null = `${username}@example.org`,
  options: { accountName?: string; client?: TestClientOptions } = {},
) {
  const account = await createAccount(ctx.db, options.accountName ?? `Church ${username}`);
  const { client, user } = await loggedInClient(
    ctx,
    { username, email, accountId: account.id },
    options.client,
  );
  return { client, user, account };
}

export const adminClient = (ctx: TestContext) =>
  loggedInClient(ctx, { username: 'admin', role: 'Administrator', password: 'adminpass' });
