import { sql } from 'drizzle-orm';
import { describeStay } from '../../../shared/change-summary.js';
import { addDays, timesToDays, todayIn } from '../../../shared/dates.js';
import { quoteStay, stayProblem } from '../../../shared/group-pricing.js';
import { messages } from '../../../shared/messages.js';
import type { PricingRules } from '../../../shared/schemas/pricing.js';
import type { Db } from '../../db/open.js';
import { reservations } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { badRequest, conflict, sqlState } from '../../errors.js';
import type { Outbox } from '../../mail/outbox.js';
import { recordAccountEvent } from '../history/service.js';
import { blockedDays } from './held-days.js';
import { queueRequestMails } from './notifications.js';
import { findReservation } from './repo.js';

export interface NewRequest {
  startTime: string;
  endTime: string;
  eventName: string;
  eventDescription: string;
  additionalInfo: string | null;
  guests?: number | null | undefined;
  mealPlan?: string | null | undefined;
}

interface Deps {
  db: Db;
  outbox: Outbox;
  pricing: () => PricingRules;
  publicUrl: string;
  houseName: () => string;
  facilityTimezone: string;
  bookingHorizonDays: number;
  turnoverDays: number;
  now: () => Date;
  /** Called after the request commits (the public calendar's cache). */
  changed: () => void;
}

const daysTaken = (days: string[]) =>
  conflict('Some of the selected days are already reserved.', 'days_taken', { days });

/**
 * A new request (docs/product.md): its days checked, priced now with the
 * group's guests and meal plan (the price, deposit and terms stay with it),
 * its account event and mails, in one transaction.
 */
export async function createRequest(deps: Deps, userId: number, input: NewRequest) {
  const site = { publicUrl: deps.publicUrl, facilityName: deps.houseName() };
  const pricing = deps.pricing();
  const days = timesToDays(input.startTime, input.endTime);
  if (!days || days.last < days.first) throw badRequest(messages.invalidDateRange, 'invalid_range');
  const today = todayIn(deps.facilityTimezone, deps.now());
  if (days.first < today)
    throw badRequest('Reservations cannot start in the past.', 'start_in_past');
  if (days.first > addDays(today, deps.bookingHorizonDays)) {
    throw badRequest(
      `Reservations can start at most ${deps.bookingHorizonDays} days ahead.`,
      'beyond_horizon',
    );
  }
  const choice = { guests: input.guests ?? null, mealPlan: input.mealPlan || null };
  const problem = stayProblem(pricing, choice);
  if (problem) throw badRequest(problem.message, problem.code);
  // The price, its deposit and the terms behind them stay with the request (docs/money.md).
  const price = quoteStay(pricing, days.first, days.last, choice);
  let created;
  try {
    created = await inTransaction(deps.db, async (tx) => {
      const [row] = await tx
        .insert(reservations)
        .values({
          userId,
          // The stay is the church's that requests it, from now on (docs/stays.md, "Whose stay").
          accountId: sql`(select u.account_id from users u where u.id = ${userId})`,
          firstDay: days.first,
          lastDay: days.last,
          eventName: input.eventName,
          eventDescription: input.eventDescription,
          additionalInfo: input.additionalInfo,
          status: 'pending',
          paymentStatus: 'unpaid',
          priceCents: price.totalCents,
          currency: price.currency,
          guests: choice.guests,
          mealPlan: price.mealPlan,
          depositCents: price.depositCents,
          priceTerms: price.terms,
          turnoverDays: deps.turnoverDays,
        })
        .returning({ id: reservations.id });
      const id = row!.id;
      const r = (await findReservation(tx, id))!;
      await recordAccountEvent(tx, {
        accountId: r.accountId,
        userId,
        kind: 'reservation_requested',
        summary: `Reservation requested: ${describeStay(r)}`,
        reservationId: id,
      });
      await queueRequestMails(tx, deps.outbox, site, r);
      return r;
    });
  } catch (err) {
    // An exclusion constraint refused an overlap (with a reservation, its
    // turnover or a closure). The transaction is over, so the days that won
    // can be read now, to tell the member which ones.
    if (sqlState(err) === '23P01')
      throw daysTaken(await blockedDays(deps.db, days.first, days.last, deps.turnoverDays));
    throw err;
  }
  deps.changed();
  return created;
}
