import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, todayIn, startTimeOf, endTimeOf } from '../shared/dates.js';
import {
  accountEvents,
  accounts,
  appSecrets,
  calendarFeedTokens,
  closures,
  documents,
  ledgerEntries,
  mailOutbox,
  passwordResetTokens,
  reservations,
  users,
} from './db/schema.js';
import { createDocumentsService } from './modules/documents/service.js';
import { hashPassword } from './passwords.js';
import { ERROR_CODES } from '../shared/error-codes.js';
import { createCheckoutToken } from './payments/checkout-token.js';
import { SANDBOX_SIGNATURE_HEADER } from './payments/sandbox.js';
import { hashToken } from './plugins/sessions.js';
import { getOrCreateSecret } from './secrets.js';
import { TestClient, resetDatabase, useTestApp } from './testing/harness.js';
import { allRoutes, testedRoutes } from './testing/route-list.js';

/*
 * The access-control matrix: every route of the server, called by each of five
 * actors on resources owned by account A, with the status each must get.
 *
 * The routes come from the app itself: an onRoute hook, added to every Fastify
 * instance the moment it is created, records each route as it is registered.
 * A route without a row in ROWS fails the first test below.
 */
const t = useTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '100000' });

const ACTORS = ['visitor', 'pendingUser', 'memberA', 'memberB', 'admin'] as const;
type Actor = (typeof ACTORS)[number];
type Statuses = Record<Actor, number>;

// ---------------------------------------------------------------------------
// Fixtures: account A (the owner of everything), account B, and their people.

const PASSWORD = 'secret123';

/** What member B (or a visitor) must never read anywhere: A's names, texts and contacts. */
const SECRETS_OF_A = {
  eventName: 'Vigil of Alpha 7Q',
  username: 'alpha_owner_7q',
  email: 'alpha.owner.7q@alpha-parish.test',
  documentDescription: 'Alpha council minutes 7Q',
  accountName: 'St. Alpha 7Q Parish',
  paymentReference: 'sbx_alpha_7q_reference',
};

const USERNAMES: Record<Exclude<Actor, 'visitor'>, string> & { lena: string } = {
  pendingUser: 'pia_pending',
  memberA: SECRETS_OF_A.username,
  memberB: 'bert_beta',
  admin: 'admin',
  /** A bystander for the login and password-reset rows. */
  lena: 'lena',
};

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const DAILY_RATE_CENTS = 15000;

interface Fixtures {
  accountA: number;
  accountB: number;
  ids: Record<Exclude<Actor, 'visitor'> | 'lena', number>;
  /** Approved, unpaid, three days: A may cancel, edit and pay it. */
  resA: number;
  resADays: number;
  /** Cancelled: an administrator may delete it. */
  resACancelled: number;
  /** Approved and paid (a payment and a receipt of A exist). */
  resAPaid: number;
  year: number;
  month: number;
  docA: number;
  /** The receipt of resAPaid: a record nobody may delete. */
  receiptA: number;
  /** A sandbox checkout token made for member A and resA. */
  checkoutToken: string;
  /** A mail of the outbox that failed: an administrator may retry it. */
  failedMail: number;
  signedFileUrl: string;
  resetToken: string;
  /** A free day range for a new reservation. */
  free: { startTime: string; endTime: string };
  /** Member B's personal calendar feed token: whoever holds it reads B's feed. */
  feedTokenB: string;
  /** A closure of the house (maintenance); its reason is for the staff only. */
  closure: number;
  /** Free days for a new closure. */
  freeForClosure: { startDate: string; endDate: string };
}

let passwordHash: Promise<string> | undefined;
let savedSecrets: (typeof appSecrets.$inferSelect)[] | undefined;

/** Empties the database and lays out the same world again: every call starts from it. */
async function seed(): Promise<Fixtures> {
  const db = t.db;
  await resetDatabase(db);
  // The app keeps its signing keys once read: put the same ones back after each reset.
  if (savedSecrets) await db.insert(appSecrets).values(savedSecrets);
  else {
    await getOrCreateSecret(db, 'download-url');
    await getOrCreateSecret(db, 'sandbox-webhook');
    await getOrCreateSecret(db, 'sandbox-checkout');
    savedSecrets = await db.select().from(appSecrets);
  }
  const hash = await (passwordHash ??= hashPassword(PASSWORD));
  const [accountA, accountB] = await db
    .insert(accounts)
    .values([{ accountName: SECRETS_OF_A.accountName }, { accountName: 'St. Beta Parish' }])
    .returning();
  const user = (
    username: string,
    extra: Partial<typeof users.$inferInsert>,
  ): typeof users.$inferInsert => ({
    username,
    passwordHash: hash,
    role: 'User',
    status: 'active',
    ...extra,
  });
  const rows = await db
    .insert(users)
    .values([
      user(USERNAMES.admin, { role: 'Administrator', email: 'admin@house.test' }),
      user(USERNAMES.memberA, { email: SECRETS_OF_A.email, accountId: accountA!.id }),
      user(USERNAMES.memberB, { email: 'bert@beta.test', accountId: accountB!.id }),
      // Assigned to A already, so that approving it can succeed.
      user(USERNAMES.pendingUser, {
        status: 'pending',
        email: 'pia@example.org',
        accountId: accountA!.id,
      }),
      user(USERNAMES.lena, { email: 'lena@example.org' }),
    ])
    .returning();
  const [admin, memberA, memberB, pendingUser, lena] = rows.map((r) => r.id) as number[];

  const today = todayIn(t.config.facilityTimezone);
  const first = addDays(today, 10);
  const reservation = (
    offset: number,
    length: number,
    extra: Partial<typeof reservations.$inferInsert>,
  ) => ({
    userId: memberA!,
    firstDay: addDays(first, offset),
    lastDay: addDays(first, offset + length - 1),
    eventName: SECRETS_OF_A.eventName,
    eventDescription: `${SECRETS_OF_A.eventName}: prayers and meals`,
    priceCents: length * DAILY_RATE_CENTS,
    currency: 'USD',
    ...extra,
  });
  const [resA, resAPaid, resACancelled] = await db
    .insert(reservations)
    .values([
      reservation(0, 3, { status: 'approved' }),
      reservation(5, 2, { status: 'approved', paymentStatus: 'paid' }),
      reservation(10, 2, { status: 'cancelled', cancellationReason: 'user_cancelled' }),
    ])
    .returning();
  const [docA, receiptA] = await db
    .insert(documents)
    .values([
      {
        accountId: accountA!.id,
        uploadedBy: memberA!,
        fileName: 'minutes.pdf',
        description: SECRETS_OF_A.documentDescription,
        fileSize: PDF.length,
        content: PDF,
      },
      {
        kind: 'receipt' as const,
        accountId: accountA!.id,
        uploadedBy: null,
        fileName: `receipt-reservation-${resAPaid!.id}.pdf`,
        description: `Payment receipt for "${SECRETS_OF_A.eventName}" - Reservation ID: ${resAPaid!.id}`,
        fileSize: PDF.length,
        content: PDF,
        reservationId: resAPaid!.id,
      },
    ])
    .returning();
  await db.insert(ledgerEntries).values({
    reservationId: resAPaid!.id,
    accountId: accountA!.id,
    kind: 'charge',
    provider: 'sandbox',
    eventId: 'evt_alpha_7q',
    reference: SECRETS_OF_A.paymentReference,
    amountCents: 2 * DAILY_RATE_CENTS,
    currency: 'USD',
    documentId: receiptA!.id,
    eventName: SECRETS_OF_A.eventName,
    firstDay: resAPaid!.firstDay,
    lastDay: resAPaid!.lastDay,
  });
  await db.insert(accountEvents).values({
    accountId: accountA!.id,
    userId: memberA!,
    kind: 'reservation_requested',
    summary: `Reservation requested: ${SECRETS_OF_A.eventName}`,
    reservationId: resA!.id,
  });
  const resetToken = 'reset-token-for-lena-0123456789';
  await db.insert(passwordResetTokens).values({
    userId: lena!,
    tokenHash: hashToken(resetToken),
    expiresAt: new Date(Date.now() + 3600_000),
  });
  // The link the download route hands out, made by the same service the route uses.
  const signer = createDocumentsService({
    db,
    signingKey: () => getOrCreateSecret(db, 'download-url'),
  });
  const { downloadUrl } = await signer.downloadUrl(
    docA!.id,
    { id: admin!, role: 'Administrator', accountId: null },
    'attachment',
  );
  const [failedMail] = await db
    .insert(mailOutbox)
    .values({
      kind: 'receipt',
      toAddress: SECRETS_OF_A.email,
      subject: `Receipt for ${SECRETS_OF_A.eventName}`,
      textBody: 'Thank you',
      messageId: '<failed-1@site.test>',
      status: 'failed',
      attempts: 8,
      lastError: 'connection refused',
    })
    .returning();
  const freeDay = addDays(first, 40);
  const feedTokenB = 'feed-token-of-member-b-0123456789abcdefghij';
  await db.insert(calendarFeedTokens).values({ userId: memberB!, token: feedTokenB });
  const [closure] = await db
    .insert(closures)
    .values({ firstDay: addDays(first, 60), lastDay: addDays(first, 61), reason: 'Staff-only 7Q' })
    .returning();
  const checkoutToken = createCheckoutToken(await getOrCreateSecret(db, 'sandbox-checkout'), {
    reservationId: resA!.id,
    userId: memberA!,
    amountCents: 3 * DAILY_RATE_CENTS,
    currency: 'USD',
    exp: Math.floor(Date.now() / 1000) + 600,
  });
  return {
    accountA: accountA!.id,
    accountB: accountB!.id,
    ids: {
      admin: admin!,
      memberA: memberA!,
      memberB: memberB!,
      pendingUser: pendingUser!,
      lena: lena!,
    },
    resA: resA!.id,
    resADays: 3,
    resACancelled: resACancelled!.id,
    resAPaid: resAPaid!.id,
    year: Number(first.slice(0, 4)),
    month: Number(first.slice(5, 7)),
    docA: docA!.id,
    receiptA: receiptA!.id,
    checkoutToken,
    failedMail: failedMail!.id,
    signedFileUrl: downloadUrl,
    resetToken,
    free: { startTime: startTimeOf(freeDay), endTime: endTimeOf(addDays(freeDay, 1)) },
    feedTokenB,
    closure: closure!.id,
    freeForClosure: { startDate: addDays(first, 70), endDate: addDays(first, 71) },
  };
}

/** A client acting as `actor`; the pending user's login is refused (403), so it holds no session. */
async function clientFor(actor: Actor): Promise<TestClient> {
  const client = new TestClient(t.app);
  if (actor === 'visitor') {
    await client.get('/api/auth/status');
    return client;
  }
  const res = await client.post('/api/auth/login', {
    username: USERNAMES[actor],
    password: PASSWORD,
  });
  const expected = actor === 'pendingUser' ? 403 : 200;
  if (res.statusCode !== expected) {
    throw new Error(`login as ${actor} answered ${res.statusCode}, not ${expected}: ${res.body}`);
  }
  return client;
}

// ---------------------------------------------------------------------------
// The table.

type Call = InjectOptions & { method: string; url: string };

interface CheckContext {
  actor: Actor;
  res: LightMyRequestResponse;
  fx: Fixtures;
  client: TestClient;
}

interface Row {
  /** "METHOD /url" exactly as the route is registered. */
  route: string;
  /** Several rows may cover one route with different requests. */
  variant?: string;
  call: (fx: Fixtures) => Call;
  expect: Statuses;
  /** More assertions on the answer or the database after the call. */
  check?: (c: CheckContext) => unknown;
}

const everyone = (status: number): Statuses => ({
  visitor: status,
  pendingUser: status,
  memberA: status,
  memberB: status,
  admin: status,
});
/** Logged-in actors as given; no session answers 401. */
const loggedIn = (memberA: number, memberB: number, admin: number): Statuses => ({
  visitor: 401,
  pendingUser: 401,
  memberA,
  memberB,
  admin,
});
const adminOnly = (status: number) => loggedIn(403, 403, status);

const json = (method: string, url: string, payload?: unknown): Call => ({
  method,
  url,
  ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
});

/** The account an actor's "own account" calls land on: an administrator may name A. */
const ownAccount = (actor: Actor, fx: Fixtures) =>
  actor === 'memberB' ? fx.accountB : fx.accountA;

const reservationRow = async (id: number) =>
  (await t.db.select().from(reservations).where(eq(reservations.id, id)))[0];

function uploadForm(fx: Fixtures) {
  const form = new FormData();
  form.append(
    'documentFile',
    new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }),
    'new.pdf',
  );
  form.append('description', 'Fresh upload');
  form.append('accountId', String(fx.accountA));
  return form;
}

function sandboxEvent(fx: Fixtures) {
  return JSON.stringify({
    id: 'evt_matrix',
    type: 'payment.succeeded',
    data: {
      reservationId: fx.resA,
      amountCents: fx.resADays * DAILY_RATE_CENTS,
      currency: 'USD',
      reference: 'sbx_matrix',
    },
  });
}

const ROWS: Row[] = [
  // --- auth: open to everyone ---
  {
    route: 'GET /api/auth/status',
    call: () => json('GET', '/api/auth/status'),
    expect: everyone(200),
    check: ({ actor, res, fx }) => {
      const body = res.json();
      const has = actor === 'memberA' || actor === 'memberB' || actor === 'admin';
      expect(body.authenticated).toBe(has);
      expect(body.user?.id ?? null).toBe(has ? fx.ids[actor as 'admin'] : null);
    },
  },
  {
    route: 'POST /api/auth/login',
    call: () => json('POST', '/api/auth/login', { username: USERNAMES.lena, password: PASSWORD }),
    expect: everyone(200),
    check: ({ res }) => expect(res.json().user.username).toBe(USERNAMES.lena),
  },
  {
    route: 'POST /api/auth/logout',
    call: () => json('POST', '/api/auth/logout'),
    expect: everyone(200),
    check: async ({ client }) =>
      expect((await client.get('/api/auth/status')).json().authenticated).toBe(false),
  },
  {
    route: 'POST /api/auth/register',
    call: () =>
      json('POST', '/api/auth/register', {
        username: 'newcomer',
        password: PASSWORD,
        email: 'newcomer@example.org',
      }),
    expect: everyone(201),
  },
  {
    route: 'POST /api/auth/forgot-password',
    call: () => json('POST', '/api/auth/forgot-password', { username: USERNAMES.lena }),
    expect: everyone(200),
  },
  {
    route: 'POST /api/auth/reset-password',
    variant: 'with the valid token of the link (the token is the permission)',
    call: (fx) =>
      json('POST', '/api/auth/reset-password', {
        token: fx.resetToken,
        username: USERNAMES.lena,
        newPassword: 'brand-new-secret',
      }),
    expect: everyone(200),
  },
  {
    route: 'POST /api/auth/reset-password',
    variant: 'with a made-up token',
    call: () =>
      json('POST', '/api/auth/reset-password', {
        token: 'made-up',
        username: USERNAMES.memberA,
        newPassword: 'brand-new-secret',
      }),
    expect: everyone(400),
  },

  // --- users ---
  {
    route: 'PUT /api/users/me/username',
    call: () => json('PUT', '/api/users/me/username', { newUsername: 'renamed_self' }),
    expect: loggedIn(200, 200, 200),
    check: ({ actor, res, fx }) => {
      if (res.statusCode === 200) expect(res.json().user.id).toBe(fx.ids[actor as 'admin']);
    },
  },
  {
    route: 'PUT /api/users/me/email',
    call: () => json('PUT', '/api/users/me/email', { email: 'new.address@example.org' }),
    expect: loggedIn(200, 200, 200),
    check: async ({ actor, res, fx }) => {
      if (res.statusCode !== 200) return;
      const [row] = await t.db
        .select()
        .from(users)
        .where(eq(users.id, fx.ids[actor as 'admin']));
      expect(row!.email).toBe('new.address@example.org');
    },
  },
  {
    route: 'PUT /api/users/me/password',
    call: () =>
      json('PUT', '/api/users/me/password', {
        currentPassword: PASSWORD,
        newPassword: 'another-secret',
      }),
    expect: loggedIn(200, 200, 200),
  },
  {
    route: 'GET /api/users/pending',
    call: () => json('GET', '/api/users/pending'),
    expect: adminOnly(200),
    check: ({ res, fx }) => {
      if (res.statusCode === 200) {
        expect(res.json().map((u: { id: number }) => u.id)).toEqual([fx.ids.pendingUser]);
      }
    },
  },
  {
    route: 'PUT /api/users/:id/assign-account',
    call: (fx) =>
      json('PUT', `/api/users/${fx.ids.pendingUser}/assign-account`, { accountId: fx.accountB }),
    expect: adminOnly(200),
    check: async ({ res, fx }) => {
      const [row] = await t.db.select().from(users).where(eq(users.id, fx.ids.pendingUser));
      expect(row!.accountId).toBe(res.statusCode === 200 ? fx.accountB : fx.accountA);
    },
  },
  {
    route: 'PATCH /api/users/:id/approve',
    call: (fx) => json('PATCH', `/api/users/${fx.ids.pendingUser}/approve`),
    expect: adminOnly(200),
    check: async ({ res, fx }) => {
      const [row] = await t.db.select().from(users).where(eq(users.id, fx.ids.pendingUser));
      expect(row!.status).toBe(res.statusCode === 200 ? 'active' : 'pending');
    },
  },
  {
    route: 'DELETE /api/users/:id/reject',
    call: (fx) => json('DELETE', `/api/users/${fx.ids.pendingUser}/reject`),
    expect: adminOnly(200),
    check: async ({ res, fx }) => {
      const rows = await t.db.select().from(users).where(eq(users.id, fx.ids.pendingUser));
      expect(rows).toHaveLength(res.statusCode === 200 ? 0 : 1);
    },
  },

  // --- the administrators' directory of users and churches ---
  {
    route: 'GET /api/users',
    variant: "?accountId=A: A's people",
    call: (fx) => json('GET', `/api/users?accountId=${fx.accountA}`),
    expect: adminOnly(200),
    check: ({ res, fx }) => {
      if (res.statusCode === 200)
        expect(res.json().map((u: { id: number }) => u.id)).toEqual([
          fx.ids.memberA,
          fx.ids.pendingUser,
        ]);
    },
  },
  {
    route: 'PATCH /api/users/:id',
    variant: 'deactivating member A: logged out, login refused',
    call: (fx) => json('PATCH', `/api/users/${fx.ids.memberA}`, { active: false }),
    expect: adminOnly(200),
    check: async ({ res, fx }) => {
      const [row] = await t.db.select().from(users).where(eq(users.id, fx.ids.memberA));
      expect(row!.status).toBe(res.statusCode === 200 ? 'inactive' : 'active');
    },
  },
  {
    route: 'PATCH /api/users/:id',
    variant: 'the only administrator stepping down',
    call: (fx) => json('PATCH', `/api/users/${fx.ids.admin}`, { role: 'User' }),
    expect: adminOnly(409),
    check: async ({ res, fx }) => {
      if (res.statusCode === 409) expect(res.json().code).toBe('last_admin');
      const [row] = await t.db.select().from(users).where(eq(users.id, fx.ids.admin));
      expect(row!.role).toBe('Administrator');
    },
  },
  {
    route: 'GET /api/accounts',
    call: () => json('GET', '/api/accounts'),
    expect: adminOnly(200),
    check: ({ res, fx }) => {
      if (res.statusCode !== 200) return;
      const a = res.json().find((x: { id: number }) => x.id === fx.accountA);
      expect(a).toEqual({
        id: fx.accountA,
        accountName: SECRETS_OF_A.accountName,
        members: 2,
        reservations: 3,
        paidCents: 2 * DAILY_RATE_CENTS,
        documents: 2,
      });
    },
  },
  {
    route: 'GET /api/accounts/:id',
    variant: "A's page",
    call: (fx) => json('GET', `/api/accounts/${fx.accountA}`),
    expect: adminOnly(200),
    check: ({ res, fx }) => {
      if (res.statusCode !== 200) return;
      const body = res.json();
      expect(body.id).toBe(fx.accountA);
      expect([
        body.members.length,
        body.reservations.length,
        body.documents.length,
        body.payments.length,
      ]).toEqual([2, 3, 2, 1]);
    },
  },

  // --- accounts and the account profile ---
  {
    route: 'GET /api/account',
    call: () => json('GET', '/api/account'),
    expect: adminOnly(200),
  },
  {
    route: 'POST /api/account',
    call: () => json('POST', '/api/account', { accountName: 'New Parish' }),
    expect: adminOnly(201),
    check: async ({ res }) =>
      expect(await t.db.select().from(accounts)).toHaveLength(res.statusCode === 201 ? 3 : 2),
  },
  {
    route: 'GET /api/account/profile',
    variant: '?accountId=A: a member gets their own account, whatever they ask',
    call: (fx) => json('GET', `/api/account/profile?accountId=${fx.accountA}`),
    expect: loggedIn(200, 200, 200),
    check: ({ actor, res, fx }) => {
      if (res.statusCode !== 200) return;
      const body = res.json();
      expect(body.id).toBe(ownAccount(actor, fx));
      expect(body.accountName).toBe(
        actor === 'memberB' ? 'St. Beta Parish' : SECRETS_OF_A.accountName,
      );
    },
  },
  {
    route: 'PUT /api/account/profile',
    variant: '?accountId=A: a member changes their own account, never A',
    call: (fx) =>
      json('PUT', `/api/account/profile?accountId=${fx.accountA}`, {
        primaryContactFullName: 'Changed by the caller',
      }),
    expect: loggedIn(200, 200, 200),
    check: async ({ actor, res, fx }) => {
      if (res.statusCode === 200) expect(res.json().account.id).toBe(ownAccount(actor, fx));
      const [a] = await t.db.select().from(accounts).where(eq(accounts.id, fx.accountA));
      const aChanged = res.statusCode === 200 && actor !== 'memberB';
      expect(a!.primaryContactFullName).toBe(aChanged ? 'Changed by the caller' : null);
    },
  },
  {
    route: 'GET /api/account/history',
    variant: '?accountId=A',
    call: (fx) => json('GET', `/api/account/history?accountId=${fx.accountA}`),
    expect: loggedIn(200, 200, 200),
    check: ({ actor, res }) => {
      if (res.statusCode === 200) expect(res.json()).toHaveLength(actor === 'memberB' ? 0 : 1);
    },
  },

  // --- reservations ---
  {
    route: 'GET /api/reservations/public-calendar',
    call: (fx) =>
      json('GET', `/api/reservations/public-calendar?year=${fx.year}&month=${fx.month}`),
    expect: everyone(200),
  },
  {
    route: 'GET /api/reservations/calendar',
    call: (fx) => json('GET', `/api/reservations/calendar?year=${fx.year}&month=${fx.month}`),
    expect: loggedIn(200, 200, 200),
    check: ({ actor, res }) => {
      if (actor !== 'memberB') return;
      const entries = res.json() as Record<string, unknown>[];
      expect(entries.length).toBeGreaterThan(0);
      for (const e of entries)
        expect(Object.keys(e).sort()).toEqual(['endTime', 'startTime', 'status']);
    },
  },
  {
    route: 'GET /api/reservations/my-reservations',
    call: () => json('GET', '/api/reservations/my-reservations'),
    expect: loggedIn(200, 200, 200),
    check: ({ actor, res }) => {
      if (res.statusCode === 200) expect(res.json()).toHaveLength(actor === 'memberA' ? 3 : 0);
    },
  },
  {
    route: 'GET /api/reservations',
    call: () => json('GET', '/api/reservations'),
    expect: adminOnly(200),
  },
  {
    route: 'GET /api/reservations',
    variant: "?accountId=A: A's reservations, each with its church",
    call: (fx) => json('GET', `/api/reservations?accountId=${fx.accountA}`),
    expect: adminOnly(200),
    check: ({ res, fx }) => {
      if (res.statusCode !== 200) return;
      const list = res.json() as { accountId: number; accountName: string }[];
      expect(list).toHaveLength(3);
      for (const r of list)
        expect(r).toMatchObject({ accountId: fx.accountA, accountName: SECRETS_OF_A.accountName });
    },
  },
  {
    route: 'GET /api/reservations/counts',
    call: (fx) => json('GET', `/api/reservations/counts?accountId=${fx.accountA}`),
    expect: adminOnly(200),
    check: ({ res }) => {
      if (res.statusCode !== 200) return;
      const counts = res.json() as Record<string, number>;
      expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(3);
    },
  },
  {
    route: 'GET /api/reservations/members',
    call: () => json('GET', '/api/reservations/members'),
    expect: adminOnly(200),
  },
  {
    route: 'GET /api/reservations/my-reservations/counts',
    call: () => json('GET', '/api/reservations/my-reservations/counts'),
    expect: loggedIn(200, 200, 200),
    check: ({ actor, res }) => {
      if (res.statusCode !== 200) return;
      const counts = res.json() as Record<string, number>;
      const total = Object.values(counts).reduce((a, b) => a + b, 0);
      expect(total).toBe(actor === 'memberA' ? 3 : 0);
    },
  },
  {
    route: 'POST /api/reservations',
    call: (fx) =>
      json('POST', '/api/reservations', {
        ...fx.free,
        eventName: 'Caller retreat',
        eventDescription: 'A new request',
      }),
    expect: loggedIn(201, 201, 201),
  },
  {
    route: 'PATCH /api/reservations/:id/cancel',
    call: (fx) => json('PATCH', `/api/reservations/${fx.resA}/cancel`),
    // The administrator cancels through /status; /cancel is the owner's.
    expect: loggedIn(200, 404, 404),
    check: async ({ res, fx }) =>
      expect((await reservationRow(fx.resA))!.status).toBe(
        res.statusCode === 200 ? 'cancelled' : 'approved',
      ),
  },
  {
    route: 'GET /api/reservations/:id/cancellation-quote',
    call: (fx) => json('GET', `/api/reservations/${fx.resAPaid}/cancellation-quote`),
    expect: loggedIn(200, 404, 200),
    check: ({ res }) => {
      if (res.statusCode === 200)
        expect(res.json()).toMatchObject({ paidCents: 2 * DAILY_RATE_CENTS, currency: 'USD' });
    },
  },
  {
    route: 'PATCH /api/reservations/:id/status',
    call: (fx) => json('PATCH', `/api/reservations/${fx.resA}/status`, { status: 'cancelled' }),
    expect: adminOnly(200),
    check: async ({ res, fx }) =>
      expect((await reservationRow(fx.resA))!.status).toBe(
        res.statusCode === 200 ? 'cancelled' : 'approved',
      ),
  },
  {
    route: 'PUT /api/reservations/:id/details',
    call: (fx) =>
      json('PUT', `/api/reservations/${fx.resA}/details`, {
        eventName: 'Renamed event',
        eventDescription: 'Changed text',
      }),
    expect: loggedIn(200, 404, 200),
    check: async ({ res, fx }) =>
      expect((await reservationRow(fx.resA))!.eventName).toBe(
        res.statusCode === 200 ? 'Renamed event' : SECRETS_OF_A.eventName,
      ),
  },
  {
    route: 'DELETE /api/reservations/:id',
    variant: "A's cancelled reservation",
    call: (fx) => json('DELETE', `/api/reservations/${fx.resACancelled}`),
    expect: adminOnly(200),
    check: async ({ res, fx }) =>
      expect(await reservationRow(fx.resACancelled)).toEqual(
        res.statusCode === 200 ? undefined : expect.objectContaining({ status: 'cancelled' }),
      ),
  },

  // --- documents ---
  {
    route: 'GET /api/documents',
    call: () => json('GET', '/api/documents'),
    expect: loggedIn(200, 200, 200),
    check: ({ actor, res, fx }) => {
      if (res.statusCode !== 200) return;
      const ids = (res.json() as { id: number }[]).map((d) => d.id);
      expect(ids.includes(fx.docA)).toBe(actor !== 'memberB');
    },
  },
  {
    route: 'POST /api/documents/upload',
    variant: 'naming account A in the form: a member uploads to their own account',
    call: (fx) => ({
      method: 'POST',
      url: '/api/documents/upload',
      payload: uploadForm(fx) as unknown as string,
    }),
    expect: loggedIn(201, 201, 201),
    check: ({ actor, res, fx }) => {
      if (res.statusCode === 201) {
        expect(res.json().document.accountId).toBe(ownAccount(actor, fx));
      }
    },
  },
  {
    route: 'GET /api/documents',
    variant: '?accountId=A: only an administrator may name an account',
    call: (fx) => json('GET', `/api/documents?accountId=${fx.accountA}`),
    expect: loggedIn(403, 403, 200),
    check: ({ res, fx }) => {
      if (res.statusCode === 200)
        expect((res.json() as { id: number }[]).map((d) => d.id).sort()).toEqual(
          [fx.docA, fx.receiptA].sort(),
        );
    },
  },
  {
    route: 'POST /api/documents/upload',
    variant: '?accountId=A in the address: an administrator uploads for A, members may not name it',
    call: (fx) => ({
      method: 'POST',
      url: `/api/documents/upload?accountId=${fx.accountA}`,
      payload: uploadForm(fx) as unknown as string,
    }),
    expect: loggedIn(403, 403, 201),
    check: async ({ res, fx }) => {
      if (res.statusCode === 201) expect(res.json().document.accountId).toBe(fx.accountA);
      else expect(await t.db.select().from(documents)).toHaveLength(2);
    },
  },
  {
    route: 'GET /api/documents/:id/download',
    call: (fx) => json('GET', `/api/documents/${fx.docA}/download`),
    expect: loggedIn(200, 404, 200),
  },
  {
    route: 'GET /api/documents/:id/file',
    variant: 'without a signature',
    call: (fx) => json('GET', `/api/documents/${fx.docA}/file`),
    expect: everyone(400),
  },
  {
    route: 'GET /api/documents/:id/file',
    variant: 'with a forged signature',
    call: (fx) =>
      json(
        'GET',
        `/api/documents/${fx.docA}/file?exp=${Math.floor(Date.now() / 1000) + 300}&disposition=attachment&sig=${'A'.repeat(43)}`,
      ),
    expect: everyone(400),
  },
  {
    route: 'GET /api/documents/:id/file',
    variant: 'with the signed link the download route gives (the link is the permission)',
    call: (fx) => json('GET', fx.signedFileUrl),
    expect: everyone(200),
    check: ({ res }) => expect(res.headers['content-type']).toBe('application/pdf'),
  },
  {
    route: 'DELETE /api/documents/:id',
    variant: 'a receipt: a record nobody deletes',
    call: (fx) => json('DELETE', `/api/documents/${fx.receiptA}`),
    expect: loggedIn(409, 404, 409),
    check: async ({ fx }) =>
      expect(await t.db.select().from(documents).where(eq(documents.id, fx.receiptA))).toHaveLength(
        1,
      ),
  },
  {
    route: 'DELETE /api/documents/:id',
    call: (fx) => json('DELETE', `/api/documents/${fx.docA}`),
    expect: loggedIn(200, 404, 200),
    check: async ({ res, fx }) =>
      expect(await t.db.select().from(documents).where(eq(documents.id, fx.docA))).toHaveLength(
        res.statusCode === 200 ? 0 : 1,
      ),
  },

  // --- payments ---
  {
    route: 'GET /api/payments/config',
    call: () => json('GET', '/api/payments/config'),
    expect: loggedIn(200, 200, 200),
  },
  {
    route: 'GET /api/payments',
    call: () => json('GET', '/api/payments'),
    expect: loggedIn(200, 200, 200),
    check: ({ actor, res }) => {
      if (res.statusCode === 200) expect(res.json()).toHaveLength(actor === 'memberB' ? 0 : 1);
    },
  },
  {
    route: 'GET /api/payments/summary',
    call: () => json('GET', '/api/payments/summary'),
    expect: adminOnly(200),
    check: ({ res }) => {
      if (res.statusCode === 200)
        expect(res.json()).toMatchObject({ receivedCents: 2 * DAILY_RATE_CENTS });
    },
  },
  {
    route: 'GET /api/payments/export.csv',
    call: () => json('GET', '/api/payments/export.csv'),
    expect: adminOnly(200),
    check: ({ res }) => {
      if (res.statusCode === 200) expect(res.body).toContain(SECRETS_OF_A.paymentReference);
    },
  },
  {
    route: 'POST /api/payments/:id/checkout',
    call: (fx) => json('POST', `/api/payments/${fx.resA}/checkout`),
    expect: loggedIn(200, 404, 404),
  },
  {
    route: 'POST /api/payments/webhook',
    variant: 'an unsigned event',
    call: (fx) => ({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json' },
      payload: sandboxEvent(fx),
    }),
    expect: everyone(400),
    check: async ({ fx }) => expect((await reservationRow(fx.resA))!.paymentStatus).toBe('unpaid'),
  },
  {
    route: 'POST /api/payments/webhook',
    variant: 'an event with a forged signature',
    call: (fx) => ({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: {
        'content-type': 'application/json',
        [SANDBOX_SIGNATURE_HEADER]: `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`,
      },
      payload: sandboxEvent(fx),
    }),
    expect: everyone(400),
    check: async ({ fx }) => expect((await reservationRow(fx.resA))!.paymentStatus).toBe('unpaid'),
  },

  // --- calendar feeds: the public one names nobody; a personal one opens by its token only ---
  {
    route: 'GET /api/calendar/public.ics',
    call: () => json('GET', '/api/calendar/public.ics'),
    expect: everyone(200),
    check: ({ res }) => expect(res.headers['set-cookie']).toBeUndefined(),
  },
  {
    route: 'GET /api/calendar/feed',
    call: () => json('GET', '/api/calendar/feed'),
    expect: loggedIn(200, 200, 200),
  },
  {
    route: 'POST /api/calendar/feed/rotate',
    call: () => json('POST', '/api/calendar/feed/rotate'),
    expect: loggedIn(200, 200, 200),
  },
  {
    // B's feed shows A's days as Reserved, never A's names (checked for every outsider).
    route: 'GET /api/calendar/feed/:token.ics',
    variant: "member B's token",
    call: (fx) => json('GET', `/api/calendar/feed/${fx.feedTokenB}.ics`),
    expect: everyone(200),
  },
  {
    route: 'GET /api/calendar/feed/:token.ics',
    variant: 'an unknown token',
    call: () => json('GET', `/api/calendar/feed/${'x'.repeat(43)}.ics`),
    expect: everyone(404),
  },

  // --- closures: public by label, never by reason; made and removed by the staff ---
  {
    route: 'GET /api/closures',
    call: (fx) => json('GET', `/api/closures?year=${fx.year}&month=${fx.month}`),
    expect: everyone(200),
    check: ({ res }) => {
      expect(res.body).not.toContain('Staff-only 7Q');
      expect(res.headers['set-cookie']).toBeUndefined();
    },
  },
  {
    route: 'GET /api/closures/all',
    call: () => json('GET', '/api/closures/all'),
    expect: adminOnly(200),
  },
  {
    route: 'POST /api/closures',
    call: (fx) => json('POST', '/api/closures', { ...fx.freeForClosure, reason: 'Painting' }),
    expect: adminOnly(201),
  },
  {
    route: 'DELETE /api/closures/:id',
    call: (fx) => json('DELETE', `/api/closures/${fx.closure}`),
    expect: adminOnly(200),
  },

  // --- probes for a reverse proxy: open to everyone, telling nothing ---
  { route: 'GET /healthz', call: () => json('GET', '/healthz'), expect: everyone(200) },
  { route: 'GET /readyz', call: () => json('GET', '/readyz'), expect: everyone(200) },

  // --- the mail outbox (admin) ---
  {
    route: 'GET /api/admin/mail',
    call: () => json('GET', '/api/admin/mail?status=failed'),
    expect: adminOnly(200),
    check: ({ res, fx }) => {
      if (res.statusCode === 200)
        expect(res.json().map((m: { id: number }) => m.id)).toEqual([fx.failedMail]);
    },
  },
  {
    route: 'POST /api/admin/mail/:id/retry',
    call: (fx) => json('POST', `/api/admin/mail/${fx.failedMail}/retry`),
    expect: adminOnly(200),
    check: async ({ res, fx }) => {
      const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, fx.failedMail));
      if (res.statusCode === 200) expect(row!.status).not.toBe('failed');
      else expect(row!.status).toBe('failed');
    },
  },
  {
    route: 'POST /api/admin/mail/test',
    call: () => json('POST', '/api/admin/mail/test', { to: 'office@house.test' }),
    expect: adminOnly(202),
    check: async ({ res }) => {
      const tests = await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'test'));
      expect(tests).toHaveLength(res.statusCode === 202 ? 1 : 0);
    },
  },

  // --- public pages and the sandbox provider's hosted pages ---
  {
    route: 'GET /api/facility/info',
    call: () => json('GET', '/api/facility/info'),
    expect: everyone(200),
  },
  {
    route: 'GET /api/facility/pricing',
    call: () => json('GET', '/api/facility/pricing'),
    expect: everyone(200),
  },
  {
    route: 'GET /api/facility/quote',
    call: (fx) =>
      json(
        'GET',
        `/api/facility/quote?start=${fx.free.startTime.slice(0, 10)}&end=${fx.free.endTime.slice(0, 10)}`,
      ),
    expect: everyone(200),
    check: ({ res }) => expect(res.json().totalCents).toBe(2 * DAILY_RATE_CENTS),
  },
  { route: 'GET /pay/embed.js', call: () => json('GET', '/pay/embed.js'), expect: everyone(200) },
  {
    route: 'GET /pay/sandbox/form.js',
    call: () => json('GET', '/pay/sandbox/form.js'),
    expect: everyone(200),
  },
  {
    route: 'GET /pay/sandbox/form.css',
    call: () => json('GET', '/pay/sandbox/form.css'),
    expect: everyone(200),
  },
  {
    // The card form of a checkout token: only for the member it was made for.
    route: 'GET /pay/sandbox',
    call: (fx) =>
      json(
        'GET',
        `/pay/sandbox?reservationId=${fx.resA}&number=${fx.resADays}&token=${encodeURIComponent(fx.checkoutToken)}`,
      ),
    expect: { ...loggedIn(200, 404, 404), visitor: 404, pendingUser: 404 },
  },
  {
    // The sandbox's charge serves only the logged-in member the token was made
    // for; everyone else is told nothing, and nothing is written.
    route: 'POST /pay/sandbox/charge',
    call: (fx) =>
      json('POST', '/pay/sandbox/charge', {
        token: fx.checkoutToken,
        cardNumber: '4242 4242 4242 4242',
        expiry: '12/45',
        cvc: '123',
      }),
    expect: { ...loggedIn(200, 404, 404), visitor: 404, pendingUser: 404 },
    check: async ({ res, fx }) => {
      expect((await reservationRow(fx.resA))!.paymentStatus).toBe(
        res.statusCode === 200 ? 'paid' : 'unpaid',
      );
      const charges = await t.db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.reservationId, fx.resA));
      expect(charges).toHaveLength(res.statusCode === 200 ? 1 : 0);
    },
  },
];

/** Actors that must never read anything of A's (the administrator and A itself may). */
const OUTSIDERS: Actor[] = ['visitor', 'pendingUser', 'memberB'];

function leaksOfA(res: LightMyRequestResponse): string[] {
  const { 'set-cookie': _cookies, ...headers } = res.headers;
  const text = `${JSON.stringify(headers)}\n${res.body}`.toLowerCase();
  return Object.entries(SECRETS_OF_A)
    .filter(([, secret]) => text.includes(secret.toLowerCase()))
    .map(([name]) => name);
}

const rowLabel = (row: Row) => `${row.route}${row.variant ? ` (${row.variant})` : ''}`;

describe('the access-control matrix', () => {
  it('has a row for every route of the app and no row for a route it does not have', async () => {
    const routes = testedRoutes(t.app).map((r) => r.key);
    const covered = new Set(ROWS.map((r) => r.route));
    expect(
      routes.filter((key) => !covered.has(key)),
      'routes without a row in ROWS (add one with the status each actor must get)',
    ).toEqual([]);
    expect(
      [...covered].filter((key) => !routes.includes(key)),
      'rows for routes the app does not have',
    ).toEqual([]);

    // The route log is not blind: every operation of the OpenAPI document is in it.
    const all = new Set(allRoutes(t.app).map((r) => r.key));
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    expect(documented.length).toBeGreaterThanOrEqual(30);
    expect(documented.filter((key) => !all.has(key))).toEqual([]);
    // Hidden routes are in the matrix too.
    expect(routes).toEqual(
      expect.arrayContaining(['POST /pay/sandbox/charge', 'GET /pay/sandbox']),
    );
  });

  it('gives each actor the status it must get from every route, on fresh data each call', async () => {
    const failures: string[] = [];
    const routes = testedRoutes(t.app);
    let calls = 0;
    for (const route of routes) {
      const rows = ROWS.filter((r) => r.route === route.key);
      if (rows.length === 0) failures.push(`${route.key}: no row in the table`);
      for (const row of rows) {
        for (const actor of ACTORS) {
          const fx = await seed();
          const client = await clientFor(actor);
          const res = await client.request(row.call(fx));
          calls++;
          const where = `${rowLabel(row)} as ${actor}`;
          const expected = row.expect[actor];
          if (res.statusCode !== expected) {
            failures.push(
              `${where}: ${res.statusCode}, expected ${expected}: ${res.body.slice(0, 200)}`,
            );
            continue;
          }
          if (res.statusCode >= 400 && String(res.headers['content-type']).includes('json')) {
            const body = res.json() as { message?: unknown; code?: unknown };
            if (typeof body.message !== 'string')
              failures.push(`${where}: no message in ${res.body}`);
            if (typeof body.code !== 'string' || !(body.code in ERROR_CODES))
              failures.push(`${where}: no code of the catalogue in ${res.body}`);
          }
          // A shared cache would hand a cookie to the next visitor: public answers set none.
          if (
            /\bpublic\b/.test(String(res.headers['cache-control'] ?? '')) &&
            res.headers['set-cookie']
          )
            failures.push(
              `${where}: Cache-Control public with Set-Cookie ${String(res.headers['set-cookie'])}`,
            );
          if (OUTSIDERS.includes(actor)) {
            const leaked = leaksOfA(res);
            if (leaked.length > 0)
              failures.push(`${where}: the answer shows A's ${leaked.join(', ')}`);
          }
          try {
            await row.check?.({ actor, res, fx, client });
          } catch (err) {
            failures.push(`${where}: ${(err as Error).message.split('\n')[0]}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(calls).toBe(ROWS.length * ACTORS.length);
  }, 90_000);
});
