/**
 * The shape of the access-control matrix's rows: the call each makes, the
 * status each actor must get, and the helpers the rows are written with.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { reservations } from '../db/schema.js';
import type { TestClient, TestContext } from './harness.js';
import {
  DAILY_RATE_CENTS,
  PDF,
  type Actor,
  type Fixtures,
  type SECRETS_OF_A,
} from './access-matrix-fixtures.js';

type Statuses = Record<Actor, number>;

type Call = InjectOptions & { method: string; url: string };

interface CheckContext {
  actor: Actor;
  res: LightMyRequestResponse;
  fx: Fixtures;
  client: TestClient;
}

export interface Row {
  /** "METHOD /url" exactly as the route is registered. */
  route: string;
  /** Several rows may cover one route with different requests. */
  variant?: string;
  call: (fx: Fixtures) => Call;
  expect: Statuses;
  /** What of A's the answer shows by design to whoever holds the link it is called with. */
  linkShows?: (keyof typeof SECRETS_OF_A)[];
  /** More assertions on the answer or the database after the call. */
  check?: (c: CheckContext) => unknown;
}

export const everyone = (status: number): Statuses => ({
  visitor: status,
  pendingUser: status,
  memberA: status,
  memberB: status,
  admin: status,
});
/** Logged-in actors as given; no session answers 401. */
export const loggedIn = (memberA: number, memberB: number, admin: number): Statuses => ({
  visitor: 401,
  pendingUser: 401,
  memberA,
  memberB,
  admin,
});
export const adminOnly = (status: number) => loggedIn(403, 403, status);

export const json = (method: string, url: string, payload?: unknown): Call => ({
  method,
  url,
  ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
});

/** The account an actor's "own account" calls land on: an administrator may name A. */
export const ownAccount = (actor: Actor, fx: Fixtures) =>
  actor === 'memberB' ? fx.accountB : fx.accountA;

/** Reads a reservation's row as stored (undefined once deleted). */
export const reservationRowOf = (t: TestContext) => async (id: number) =>
  (await t.db.select().from(reservations).where(eq(reservations.id, id)))[0];

export function uploadForm(fx: Fixtures) {
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

export function sandboxEvent(fx: Fixtures) {
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

export const rowLabel = (row: Row) => `${row.route}${row.variant ? ` (${row.variant})` : ''}`;
