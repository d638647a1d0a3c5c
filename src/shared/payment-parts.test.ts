import { describe, expect, it } from 'vitest';
import { depositPayable, owedCents, partOf } from './payment-parts.js';

const stay = { holding: true, priceCents: 100000, depositCents: 25000, netCents: 0 };

describe('what a stay owes and may be paid', () => {
  it('owes its price less the net paid while it holds its days', () => {
    expect(owedCents(stay)).toBe(100000);
    expect(owedCents({ ...stay, netCents: 25000 })).toBe(75000);
    expect(owedCents({ ...stay, netCents: 120000 })).toBe(0);
    expect(owedCents({ ...stay, holding: false })).toBe(0);
  });

  it('takes the deposit only while nothing is paid, then the balance; or everything at once', () => {
    expect(partOf(stay, 25000)).toBe('deposit');
    expect(partOf(stay, 100000)).toBe('full');
    expect(partOf({ ...stay, netCents: 25000 }, 75000)).toBe('balance');
    expect(partOf({ ...stay, netCents: 25000 }, 25000)).toBeNull();
    expect(partOf(stay, 30000)).toBeNull();
    expect(partOf({ ...stay, netCents: 100000 }, 100000)).toBeNull();
    expect(depositPayable({ ...stay, depositCents: 0 })).toBe(false);
  });
});
