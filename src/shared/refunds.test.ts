import { describe, expect, it } from 'vitest';
import { refundRefusal } from './refunds.js';

describe('refundRefusal', () => {
  it('takes all that is left without a reason', () => {
    expect(refundRefusal(45_000, 45_000, undefined)).toBeNull();
  });

  it('takes less, down to nothing, only with a reason', () => {
    expect(refundRefusal(10_000, 45_000, null)).toBe('refund_reason_required');
    expect(refundRefusal(10_000, 45_000, '  ')).toBe('refund_reason_required');
    expect(refundRefusal(0, 45_000, 'Kept as the deposit.')).toBeNull();
  });

  it('refuses more than is left, and a negative amount', () => {
    expect(refundRefusal(45_001, 45_000, 'Goodwill.')).toBe('refund_too_large');
    expect(refundRefusal(-1, 45_000, 'Typo.')).toBe('refund_too_large');
  });
});
