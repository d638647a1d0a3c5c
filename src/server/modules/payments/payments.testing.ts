// The payments tests' setup: the app they run against, sandbox provider events
// signed with the server's key and delivered as the provider would, and the
// ledger as stored.
import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { beforeEach, expect } from 'vitest';
import { daysBetween, todayIn } from '../../../shared/dates.js';
import { ledgerEntries } from '../../db/schema.js';
import { SANDBOX_SIGNATURE_HEADER, signSandboxPayload } from '../../payment-providers/sandbox.js';
import { getOrCreateSecret } from '../../secrets.js';
import { useTestApp, type TestClient, type TestContext } from '../../testing/harness.js';
import { postToWebhook } from '../../testing/webhook.js';

export interface EventOptions {
  reservationId: number;
  amountCents: number;
  currency?: string;
  id?: string;
  type?: string;
}

/** A sandbox provider event's body: a payment succeeded unless `type` says otherwise. */
export function sandboxEvent(o: EventOptions) {
  return JSON.stringify({
    id: o.id ?? `evt_${randomBytes(8).toString('hex')}`,
    type: o.type ?? 'payment.succeeded',
    data: {
      reservationId: o.reservationId,
      amountCents: o.amountCents,
      currency: o.currency ?? 'USD',
      reference: `ref_${randomBytes(4).toString('hex')}`,
    },
  });
}

/** The webhook of `t`'s app, and its ledger. */
function sandboxWebhook(t: TestContext) {
  const webhookSecret = () => getOrCreateSecret(t.db, 'sandbox-webhook');

  /** Posts to the webhook like the provider would: no cookies, no CSRF header. */
  function deliver(
    payload: string,
    signature: string | undefined,
    contentType = 'application/json',
  ) {
    return postToWebhook(t.app, payload, {
      contentType,
      signatureHeader: SANDBOX_SIGNATURE_HEADER,
      signature,
    });
  }

  async function deliverSigned(payload: string, timestamp?: number) {
    return deliver(payload, signSandboxPayload(await webhookSecret(), payload, timestamp));
  }

  /** Every ledger entry, oldest first; `kind` keeps only charges or only refunds. */
  async function ledger(kind?: 'charge' | 'refund') {
    const rows = await t.db.select().from(ledgerEntries).orderBy(asc(ledgerEntries.id));
    return kind ? rows.filter((e) => e.kind === kind) : rows;
  }

  return { webhookSecret, deliver, deliverSigned, ledger };
}

/** The app of the payments tests (the house in America/Chicago), with its webhook and ledger. */
export function usePaymentsApp() {
  const t = useTestApp({ FACILITY_TIMEZONE: 'America/Chicago' });
  return { t, ...sandboxWebhook(t) };
}

const DAY_MS = 86_400_000;
export const TZ = 'America/Chicago';

/**
 * The app of the money tests: $100.00 a day, and a clock that a test can move
 * to some days before an arrival (back to real time before each test).
 */
export function useMoneyApp() {
  /** The tests' clock: real time moved by this many days. */
  let shiftDays = 0;
  const t = useTestApp(
    { DAILY_RATE_CENTS: '10000', FACILITY_TIMEZONE: TZ },
    { now: () => new Date(Date.now() + shiftDays * DAY_MS) },
  );

  beforeEach(() => {
    shiftDays = 0;
  });

  /** Moves the clock so that the house's today is `days` whole days before `firstDay`. */
  function setDaysBefore(firstDay: string, days: number) {
    shiftDays = daysBetween(todayIn(TZ), firstDay) - days;
    expect(daysBetween(todayIn(TZ, new Date(Date.now() + shiftDays * DAY_MS)), firstDay)).toBe(
      days,
    );
  }

  const entriesOf = (id: number) =>
    t.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.reservationId, id))
      .orderBy(ledgerEntries.id);

  const mine = async (client: TestClient, id: number) =>
    (
      (await client.get('/api/reservations/my-reservations')).json() as Record<string, unknown>[]
    ).find((r) => r.id === id)!;

  const { deliverSigned } = sandboxWebhook(t);
  /** A signed payment of `amountCents` for the reservation, as the provider delivers it. */
  const deliverEvent = (reservationId: number, amountCents: number) =>
    deliverSigned(sandboxEvent({ reservationId, amountCents }));

  return { t, setDaysBefore, entriesOf, mine, deliverEvent };
}
