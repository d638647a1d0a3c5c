import type { AgreementContent } from '../../../shared/schemas/agreement.js';
import type { PricingRules } from '../../../shared/schemas/pricing.js';
import type { Room } from '../../../shared/schemas/questionnaire.js';
import type { Db } from '../../db/open.js';
import type { Outbox } from '../../mail/outbox.js';
import type { DocumentsService } from '../documents/service.js';
import type { PaymentsService } from '../payments/service.js';
import { createAttendees } from './attendees.js';
import { createChecklists } from './checklist.js';
import { createFinalCount } from './final-count.js';
import { createQuestionnaire } from './questionnaire.js';

/** The services of a group's stay (docs/stays.md), built from the house's content and the money services. */
export function createStays(deps: {
  db: Db;
  documents: DocumentsService;
  outbox: Outbox;
  payments: PaymentsService;
  pricing: () => PricingRules;
  agreement: () => AgreementContent | null;
  rooms: () => readonly Room[];
  houseName: () => string;
  publicUrl: string;
  facilityTimezone: string;
  now: () => Date;
}) {
  // Read at each use: the staff edit the rates and the agreement live (docs/site-content.md).
  const group = () => deps.pricing().group ?? null;
  const finalCount = createFinalCount(deps);
  return {
    agreement: deps,
    questionnaire: createQuestionnaire({ ...deps, finalCount }),
    checklists: createChecklists({
      ...deps,
      group,
      houseHasAgreement: () => deps.agreement() !== null,
    }),
    attendees: createAttendees({ ...deps, group }),
  };
}
export type Stays = ReturnType<typeof createStays>;
