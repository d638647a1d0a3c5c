// How long one Stripe call may take, and which of its answers are worth asking
// again (docs/money.md, "Refunds"): the refund worker's lease outlasts a call
// with all its retries, and Stripe busy is not Stripe refusing.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { STRIPE_LONGEST_CALL_MS, transientStripeFailure } from './stripe.js';

describe('how long one Stripe call may take', () => {
  it('outlasts no refund lease the site starts with: each attempt and its retries are bounded', () => {
    expect(STRIPE_LONGEST_CALL_MS).toBeLessThan(loadConfig({}).refundLeaseSeconds * 1000);
  });

  it('busy answers pass with time; other 4xx are final', () => {
    expect(transientStripeFailure(409, 'idempotency_key_in_use')).toBe(true);
    expect(transientStripeFailure(429, 'rate_limit')).toBe(true);
    expect(transientStripeFailure(503, undefined)).toBe(true);
    expect(transientStripeFailure(409, 'lock_timeout')).toBe(false);
    expect(transientStripeFailure(400, 'charge_already_refunded')).toBe(false);
  });
});
