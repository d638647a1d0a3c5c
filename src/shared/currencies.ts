/**
 * Amounts are whole cents: a hundredth of the currency's unit (docs/money.md).
 * A currency with no minor unit (JPY, KRW, …) or a thousandth (BHD, KWD, …)
 * would show one price and charge another, so the site refuses it at start.
 * Stripe's lists, and Intl's minor units for any other code.
 */
const ZERO_DECIMAL = new Set(
  'BIF CLP DJF GNF ISK JPY KMF KRW MGA PYG RWF UGX VND VUV XAF XOF XPF'.split(' '),
);
const THREE_DECIMAL = new Set('BHD IQD JOD KWD LYD OMR TND'.split(' '));

/** Why `code` cannot be the site's currency, or null when it can. */
export function currencyProblem(code: string): string | null {
  const upper = code.toUpperCase();
  if (ZERO_DECIMAL.has(upper) || THREE_DECIMAL.has(upper))
    return `${upper} is not supported: prices are kept in hundredths, and ${upper} has ${ZERO_DECIMAL.has(upper) ? 'no' : 'three'} decimal places. Use a currency with two, such as USD, EUR or GBP.`;
  let digits: number | undefined;
  try {
    digits = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: upper,
    }).resolvedOptions().maximumFractionDigits;
  } catch {
    return `${upper} is not a currency code.`;
  }
  return digits === 2
    ? null
    : `${upper} is not supported: prices are kept in hundredths, and ${upper} has ${digits} decimal places. Use a currency with two, such as USD, EUR or GBP.`;
}

/** The currency's symbol, e.g. '$' for USD, as a money field's prefix; the code when it has none. */
export function currencySymbol(currency: string): string {
  try {
    const parts = new Intl.NumberFormat('en-US', { style: 'currency', currency }).formatToParts(0);
    return parts.find((p) => p.type === 'currency')?.value ?? currency;
  } catch {
    return currency;
  }
}
