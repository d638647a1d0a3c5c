import type { AgreementContent } from '../../../shared/schemas/agreement.js';
import type { ArrivalContent } from '../../../shared/schemas/arrival.js';
import type { SiteContent } from '../../../shared/schemas/content.js';
import type { PricingRules } from '../../../shared/schemas/pricing.js';
import type { Room } from '../../../shared/schemas/questionnaire.js';

/**
 * The house's content as it is now (docs/site-content.md, "Live"). The staff
 * edit it while the server runs, so services ask for it when they need it
 * instead of keeping a copy from the start: each getter answers from memory,
 * kept within a second or two of the database on every instance.
 */
export interface LiveContent {
  /** The rates and policies, every default filled in. */
  pricing(): PricingRules;
  /** The public pages' content: facility, pages, gallery, floor plans, outdoor map. */
  site(): SiteContent;
  /** The house's name, as mails, PDFs and pages print it. */
  houseName(): string;
  /** The facility agreement, or null when the house has none. */
  agreement(): AgreementContent | null;
  /** The bedrooms, or none. */
  rooms(): Room[];
  arrival(): ArrivalContent;
  /** Changes whenever any kind changes (the sum of the kinds' newest version numbers). */
  stamp(): number;
}

export interface ContentValues {
  pricing: PricingRules;
  site: SiteContent;
  agreement: AgreementContent | null;
  rooms: Room[];
  arrival: ArrivalContent;
}

/** The getters of `values()` as it is at each call, and its `stamp()`. */
export function liveContentOf(values: () => ContentValues, stamp: () => number): LiveContent {
  return {
    pricing: () => values().pricing,
    site: () => values().site,
    houseName: () => values().site.facility.name,
    agreement: () => values().agreement,
    rooms: () => values().rooms,
    arrival: () => values().arrival,
    stamp,
  };
}

/** Content that never changes (a test's own, or before the database is read). */
export function fixedContent(values: ContentValues, stamp = 0): LiveContent {
  return liveContentOf(
    () => values,
    () => stamp,
  );
}
