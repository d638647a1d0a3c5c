import { kitchenDays } from '../../../shared/kitchen-counts.js';
import type { KitchenQuery } from '../../../shared/schemas/operations.js';
import type { PricingRules } from '../../../shared/schemas/pricing.js';
import type { Room } from '../../../shared/schemas/questionnaire.js';
import type { Db } from '../../db/open.js';
import { notFound } from '../../errors.js';
import { renderKitchenSheet } from '../../pdf/kitchen-sheet.js';
import { renderStaySheet } from '../../pdf/stay-sheet.js';
import type { Kitchen } from './kitchen.js';
import { kitchenInputOf, presentKitchenStay } from './kitchen.js';
import { approvedStaysBetween } from './stays-query.js';

/** The printable sheets of docs/house-operations.md: the kitchen's range and one stay's. */
export function createSheets(deps: {
  db: Db;
  pricing: () => PricingRules;
  rooms: () => readonly Room[];
  kitchen: Kitchen;
  houseName: () => string;
  now: () => Date;
}) {
  return {
    async kitchen(range: KitchenQuery): Promise<Buffer> {
      const { days, stays } = await deps.kitchen.read(range);
      return renderKitchenSheet({
        facilityName: deps.houseName(),
        from: range.from,
        to: range.to,
        days,
        stays,
        createdAt: deps.now(),
      });
    },

    async stay(id: number): Promise<Buffer> {
      const [row] = await approvedStaysBetween(deps.db, '', '', id);
      if (!row) throw notFound('Reservation not found.');
      const pricing = deps.pricing();
      const stay = presentKitchenStay(row, pricing);
      const roomName = new Map(deps.rooms().map((r) => [r.id, r.name]));
      return renderStaySheet({
        facilityName: deps.houseName(),
        reservationId: row.r.id,
        eventName: row.r.eventName,
        accountName: row.accountName,
        contactName: row.contactName?.trim() || row.username,
        contactEmail: row.contactEmail?.trim() || row.email || '',
        contactPhone: row.contactPhone?.trim() || null,
        firstDay: row.r.firstDay,
        lastDay: row.r.lastDay,
        guests: stay.guests,
        finalCount: stay.finalCount,
        answers: stay.answers,
        mealPlan: stay.mealPlan,
        days: kitchenDays(row.r.firstDay, row.r.lastDay, [kitchenInputOf(row, pricing)]),
        diets: stay.diets,
        dietNotes: stay.dietNotes,
        rooming: (row.q?.rooming ?? [])
          .filter((r) => r.names.length > 0)
          .map((r) => ({ room: roomName.get(r.roomId) ?? r.roomId, names: r.names })),
        arrivalTime: stay.arrivalTime,
        setup: row.q?.setup ?? '',
        createdAt: deps.now(),
      });
    },
  };
}
export type Sheets = ReturnType<typeof createSheets>;
