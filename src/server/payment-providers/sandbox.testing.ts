// The sandbox card form's tests: the app they run against, and checkout tokens
// signed with the server's own key, valid or expired.
import { eq } from 'drizzle-orm';
import { ledgerEntries } from '../db/schema.js';
import { getOrCreateSecret } from '../secrets.js';
import { memberWithAccount, reserveDays, useTestApp } from '../testing/harness.js';
import { createCheckoutToken, type CheckoutClaims } from './checkout-token.js';

export const inHalfAnHour = () => Math.floor(Date.now() / 1000) + 1800;

/** The app of the sandbox tests (the house in America/Chicago), with its tokens and charges. */
export function useSandboxApp() {
  const t = useTestApp({ FACILITY_TIMEZONE: 'America/Chicago' });

  /** A token signed with the server's own key, with the claims given. */
  async function signedToken(claims: CheckoutClaims) {
    return createCheckoutToken(await getOrCreateSecret(t.db, 'sandbox-checkout'), claims);
  }

  /** anna's three days ($450.00) and a token for them, signed with the server's key but expired. */
  async function expiredCheckout() {
    const { client, user } = await memberWithAccount(t, 'anna');
    const r = await reserveDays(t, client, 10, 3);
    const token = await signedToken({
      reservationId: r.id,
      userId: user.id,
      amountCents: 45000,
      currency: 'USD',
      exp: Math.floor(Date.now() / 1000) - 1,
    });
    return { client, r, token };
  }

  const charges = () => t.db.select().from(ledgerEntries).where(eq(ledgerEntries.kind, 'charge'));

  return { t, signedToken, expiredCheckout, charges };
}
