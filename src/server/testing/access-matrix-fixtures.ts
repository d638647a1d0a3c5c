/**
 * The fixtures of the access-control matrix: the five actors, account A (the
 * owner of everything), account B, their people, and what A must never show.
 */
import type { LightMyRequestResponse } from 'fastify';
import type { Db } from '../db/open.js';
import { ledgerEntries, refunds } from '../db/schema.js';

export const ACTORS = ['visitor', 'pendingUser', 'memberA', 'memberB', 'admin'] as const;
export type Actor = (typeof ACTORS)[number];

export const PASSWORD = 'secret123';

/** What member B (or a visitor) must never read anywhere: A's names, texts and contacts. */
export const SECRETS_OF_A = {
  eventName: 'Vigil of Alpha 7Q',
  username: 'alpha_owner_7q',
  email: 'alpha.owner.7q@alpha-parish.test',
  documentDescription: 'Alpha council minutes 7Q',
  accountName: 'St. Alpha 7Q Parish',
  paymentReference: 'sbx_alpha_7q_reference',
};

export const USERNAMES: Record<Exclude<Actor, 'visitor'>, string> & { lena: string } = {
  pendingUser: 'pia_pending',
  memberA: SECRETS_OF_A.username,
  memberB: 'bert_beta',
  admin: 'admin',
  /** A bystander for the login and password-reset rows. */
  lena: 'lena',
};

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
/** A real 4 × 3 PNG, for the content image uploads. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAIAAAA7ljmRAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWM4Y2wMRww4OQAfFg5Zfg2ZiwAAAABJRU5ErkJggg==',
  'base64',
);
export const DAILY_RATE_CENTS = 15000;

export interface Fixtures {
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
  /** A refund of part of resAPaid's charge that failed: an administrator may try it again. */
  failedRefund: number;
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
  /** resA's attendee link: whoever holds it sees the stay's name and dates and adds a name. */
  attendeeToken: string;
  /** An attendee of resA. */
  attendeeA: number;
}

/** Actors that must never read anything of A's (the administrator and A itself may). */
export const OUTSIDERS: Actor[] = ['visitor', 'pendingUser', 'memberB'];

export function leaksOfA(res: LightMyRequestResponse): (keyof typeof SECRETS_OF_A)[] {
  const { 'set-cookie': _cookies, ...headers } = res.headers;
  const text = `${JSON.stringify(headers)}\n${res.body}`.toLowerCase();
  return Object.entries(SECRETS_OF_A)
    .filter(([, secret]) => text.includes(secret.toLowerCase()))
    .map(([name]) => name as keyof typeof SECRETS_OF_A);
}

/** The house's agreement in the matrix: a stay needs it accepted before a payment. */
export const MATRIX_AGREEMENT = {
  version: 'm-1',
  title: 'Matrix terms',
  paragraphs: ['The group treats the house well.'],
};

/**
 * The same payment again, which a paid stay could not take: its refund was
 * refused by the provider, and an administrator may try it again (all of it
 * is still owed back, docs/money.md "Refunds"). Returns the failed refund.
 */
export async function seedRefusedPaymentWithFailedRefund(
  db: Db,
  o: {
    reservation: { id: number; firstDay: string; lastDay: string };
    accountId: number;
    eventName: string;
    reference: string;
    amountCents: number;
  },
) {
  const [stray] = await db
    .insert(ledgerEntries)
    .values({
      reservationId: o.reservation.id,
      accountId: o.accountId,
      kind: 'charge',
      provider: 'sandbox',
      eventId: `${o.reference}-event`,
      reference: o.reference,
      amountCents: o.amountCents,
      currency: 'USD',
      eventName: o.eventName,
      firstDay: o.reservation.firstDay,
      lastDay: o.reservation.lastDay,
      reason: 'The reservation was already paid.',
    })
    .returning();
  const [failed] = await db
    .insert(refunds)
    .values({
      chargeId: stray!.id,
      reservationId: o.reservation.id,
      accountId: o.accountId,
      amountCents: o.amountCents,
      currency: 'USD',
      provider: 'sandbox',
      cause: 'not_accepted',
      idempotencyKey: 'refund-matrix-1',
      reason: 'The reservation was already paid.',
      status: 'failed',
      lastError: 'The payment provider refused the refund.',
    })
    .returning();
  return failed;
}
