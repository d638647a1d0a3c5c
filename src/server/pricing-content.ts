import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  pricingFileSchema,
  type PricingFile,
  type PricingRules,
} from '../shared/schemas/pricing.js';
import { contentDir } from './content.js';

/**
 * content/pricing.json (docs/money.md, content/README.md), checked at start like
 * the rest of content/: the rates and the cancellation policy. Without a
 * `dailyRateCents` the default rate is DAILY_RATE_CENTS; the currency is CURRENCY.
 */
export function loadPricing(
  defaults: { dailyRateCents: number; currency: string },
  source: PricingFile | string = path.join(contentDir, 'pricing.json'),
): PricingRules {
  let raw: unknown = source;
  if (typeof source === 'string') {
    if (!existsSync(source)) raw = {};
    else {
      try {
        raw = JSON.parse(readFileSync(source, 'utf8'));
      } catch (err) {
        throw new Error(`${source} is not valid JSON: ${(err as Error).message}`);
      }
    }
  }
  const parsed = pricingFileSchema.safeParse(raw);
  if (!parsed.success) {
    const where = typeof source === 'string' ? source : 'pricing';
    const lines = parsed.error.issues.map(
      (i) => `  - ${i.path.join('.') || '(file)'}: ${i.message}`,
    );
    throw new Error(`${where} is not valid:\n${lines.join('\n')}`);
  }
  const file = parsed.data;
  const tiers = file.cancellationPolicy.map((t) => t.daysBeforeStart);
  if (new Set(tiers).size !== tiers.length) {
    throw new Error(
      `pricing.json is not valid:\n  - cancellationPolicy: two tiers have the same daysBeforeStart`,
    );
  }
  return {
    ...file,
    dailyRateCents: file.dailyRateCents ?? defaults.dailyRateCents,
    currency: defaults.currency,
  };
}
