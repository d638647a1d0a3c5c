import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a sandbox payment form may be used after it was opened. */
export const CHECKOUT_TOKEN_TTL_SECONDS = 30 * 60;

/** What a checkout token binds: one reservation, one member, one amount. */
export interface CheckoutClaims {
  reservationId: number;
  userId: number;
  amountCents: number;
  currency: string;
  /** Expiry, in seconds since the epoch. */
  exp: number;
}

const sign = (key: string, body: string) =>
  createHmac('sha256', key).update(body).digest('base64url');

export function createCheckoutToken(key: string, claims: CheckoutClaims): string {
  const body = Buffer.from(
    JSON.stringify([
      claims.reservationId,
      claims.userId,
      claims.amountCents,
      claims.currency,
      claims.exp,
    ]),
  ).toString('base64url');
  return `${body}.${sign(key, body)}`;
}

/** The claims of a token this server signed, or null for anything else (expiry is the caller's to check). */
export function readCheckoutToken(key: string, token: string): CheckoutClaims | null {
  const [body, mac, extra] = token.split('.');
  if (!body || !mac || extra !== undefined) return null;
  const expected = Buffer.from(sign(key, body));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const [reservationId, userId, amountCents, currency, exp] = JSON.parse(
      Buffer.from(body, 'base64url').toString('utf8'),
    ) as unknown[];
    if (
      ![reservationId, userId, amountCents, exp].every((n) => Number.isInteger(n)) ||
      typeof currency !== 'string'
    )
      return null;
    return { reservationId, userId, amountCents, currency, exp } as CheckoutClaims;
  } catch {
    return null;
  }
}
