/**
 * Money in content is kept in cents (`perPersonNightCents`: 6500); the staff
 * type it in the currency's units (65.00).
 */
import type { Path } from './draft.js';

/** A field whose key ends in `Cents` holds money. */
export const isMoneyField = (path: Path) => String(path.at(-1) ?? '').endsWith('Cents');

/** 6500 cents as 65 (shown 65.00). */
export const centsToUnits = (cents: number) => cents / 100;

/** 65.5 as 6550 cents: rounded to a whole cent, so that 0.29 is 29 and not 28.999…. */
export const unitsToCents = (units: number) => Math.round(units * 100);
