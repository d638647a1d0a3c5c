import { describe, expect, it } from 'vitest';
import { currencyProblem } from './currencies.js';

describe('currencyProblem', () => {
  it('accepts currencies with two decimal places', () => {
    for (const code of ['USD', 'eur', 'GBP', 'CHF', 'CAD'])
      expect(currencyProblem(code)).toBeNull();
  });

  it('refuses zero- and three-decimal currencies, naming the reason', () => {
    expect(currencyProblem('JPY')).toMatch(/JPY is not supported.*no decimal places/);
    expect(currencyProblem('krw')).toMatch(/KRW is not supported/);
    expect(currencyProblem('KWD')).toMatch(/KWD is not supported.*three decimal places/);
    expect(currencyProblem('BHD')).toMatch(/three decimal places/);
  });
});
