import { and, eq } from 'drizzle-orm';
import { describeStay } from '../../../shared/change-summary.js';
import { formatMoney } from '../../../shared/pricing.js';
import { memberCancellation } from '../payments/cancellation-terms.js';
import { refundRefusal } from '../../../shared/refunds.js';
import {
  ADMIN_CANCELLED,
  USER_CANCELLED,
  adminStatusChange,
  userMay,
} from '../../../shared/reservations.js';
import type { PricingRules } from '../../../shared/schemas/pricing.js';
import type { Db } from '../../db/open.js';
import { reservations } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import type { Outbox } from '../../mail/outbox.js';
import { calendarEvent } from '../../mail/ics.js';
import { approvalMail, cancellationMail, rejectionMail, siteNow } from '../../mail/templates.js';
import { lockReservation } from '../payments/charges.js';
import type { PaymentsService } from '../payments/service.js';
import { recordAccountEvent } from '../history/service.js';
import { isOwnStay } from './ownership.js';
import { queueMemberMail } from './notifications.js';
import { findReservation } from './repo.js';

export interface StatusDeps {
  db: Db;
  payments: PaymentsService;
  pricing: () => PricingRules;
  facilityTimezone: string;
  publicUrl: string;
  houseName: () => string;
  now: () => Date;
  outbox: Outbox;
  /** Called after every committed change of days (the public calendar's cache). */
  changed: () => void;
}

export interface AdminStatusInput {
  status: 'approved' | 'rejected' | 'cancelled';
  adminNotes: string | null;
  cancellationReason: string | null;
  refundCents?: number | undefined;
  refundReason?: string | null | undefined;
}

const notCancellable = () =>
  conflict('Only pending or approved reservations can be cancelled.', 'transition_not_allowed');

/**
 * Cancelling, approving and rejecting: each one transaction that locks the
 * reservation, changes its status, records the account event and, when money
 * was paid, the refund; the provider is asked once that commits (docs/money.md).
 */
export function createStatusChanges(deps: StatusDeps) {
  const { db, payments } = deps;

  /** The refund of an admin's reject or cancel: all that was paid unless a smaller amount and a reason are given. */
  function adminRefund(net: number, input: AdminStatusInput): { amount: number; reason: string } {
    const amount = input.refundCents ?? net;
    const currency = deps.pricing().currency;
    const refusal = refundRefusal(amount, net, input.refundReason);
    if (refusal === 'refund_too_large') {
      throw badRequest(
        `The refund can be at most the ${formatMoney(net, currency)} paid.`,
        refusal,
      );
    }
    if (refusal === 'refund_reason_required') {
      throw badRequest('Give a reason for refunding less than was paid.', refusal);
    }
    const what = input.status === 'rejected' ? 'rejected' : 'cancelled by the house';
    return { amount, reason: input.refundReason ?? `Reservation ${what}: full refund.` };
  }

  /** The member's mail about the change, queued in its transaction; approved stays carry their calendar event. */
  async function queueMail(
    tx: Db,
    id: number,
    to: 'approved' | 'rejected' | 'cancelled',
    wasApproved: boolean,
    byHouse: boolean,
  ) {
    const r = (await findReservation(tx, id))!;
    const site = siteNow(deps);
    if (to === 'approved') {
      await queueMemberMail(tx, deps.outbox, r, 'approval', approvalMail(site, r.username, r), [
        calendarEvent(site, r, 'confirmed'),
      ]);
    } else if (to === 'rejected') {
      await queueMemberMail(
        tx,
        deps.outbox,
        r,
        'rejection',
        rejectionMail(site, r.username, r, r.adminNotes),
      );
    } else {
      // A calendar that holds the approved stay gets it cancelled; nothing was sent before approval.
      const ics = wasApproved ? [calendarEvent(site, r, 'cancelled')] : [];
      await queueMemberMail(
        tx,
        deps.outbox,
        r,
        'cancellation',
        cancellationMail(site, r.username, r, byHouse),
        ics,
      );
    }
  }

  async function finish(id: number) {
    deps.changed();
    return (await findReservation(db, id))!;
  }

  return {
    async cancelOwn(id: number, viewer: { id: number; accountId: number | null }) {
      const refundIds = await inTransaction(db, async (tx): Promise<number[]> => {
        const row = await lockReservation(tx, id);
        if (!row || !isOwnStay(row.r, viewer)) throw notFound('Reservation not found.');
        if (!userMay('cancel', row.r.status)) throw notCancellable();
        await tx
          .update(reservations)
          .set({ status: 'cancelled', cancellationReason: USER_CANCELLED, updatedAt: deps.now() })
          .where(eq(reservations.id, id));
        await recordAccountEvent(tx, {
          accountId: row.account?.id ?? null,
          userId: viewer.id,
          kind: 'reservation_cancelled',
          summary: `Reservation cancelled: ${describeStay(row.r)}`,
          reservationId: id,
        });
        await queueMail(tx, id, 'cancelled', row.r.status === 'approved', false);
        const net = await payments.netPaid(tx, id);
        if (net <= 0) return [];
        const pricing = deps.pricing();
        const { refundCents, tier, keptCents } = await memberCancellation(tx, row.r, net, {
          pricing,
          timeZone: deps.facilityTimezone,
          now: deps.now(),
        });
        if (refundCents <= 0) return [];
        const kept = keptCents
          ? ` The non-refundable deposit of ${formatMoney(keptCents, pricing.currency)} stays with the house.`
          : '';
        const reason = `Cancelled by the church ${tier!.daysBeforeStart} or more days before arrival: ${tier!.refundPercent}% refunded under the cancellation policy.${kept}`;
        return payments.recordRefund(tx, {
          row,
          amountCents: refundCents,
          reason,
          actorId: viewer.id,
          cause: 'cancellation',
        });
      });
      // Asked of the provider only now that the cancellation is committed (docs/money.md).
      await payments.settleRefunds(refundIds);
      return finish(id);
    },

    async changeStatus(adminId: number, id: number, input: AdminStatusInput) {
      const to = input.status;
      const refundIds = await inTransaction(db, async (tx): Promise<number[]> => {
        const row = await lockReservation(tx, id);
        if (!row) throw notFound('Reservation not found.');
        const from = row.r.status;
        if (!adminStatusChange(from, to))
          throw conflict(`A ${from} reservation cannot be ${to}.`, 'transition_not_allowed');
        const net = to === 'approved' ? 0 : await payments.netPaid(tx, id);
        const refund = to === 'approved' ? null : adminRefund(net, input);
        const set =
          to === 'approved'
            ? { status: to, approvedAt: deps.now() }
            : to === 'rejected'
              ? { status: to, adminNotes: input.adminNotes }
              : {
                  status: to,
                  cancellationReason: ADMIN_CANCELLED,
                  ...(input.adminNotes ? { adminNotes: input.adminNotes } : {}),
                };
        await tx
          .update(reservations)
          .set({ ...set, updatedAt: deps.now() })
          .where(and(eq(reservations.id, id), eq(reservations.status, from)));
        const outcome = {
          approved: 'approved',
          rejected: 'rejected',
          cancelled: 'cancelled by the house',
        }[to];
        await recordAccountEvent(tx, {
          accountId: row.account?.id ?? null,
          userId: adminId,
          kind: `reservation_${to}`,
          summary: `Reservation ${outcome}: ${describeStay(row.r)}`,
          reservationId: id,
        });
        await queueMail(tx, id, to, from === 'approved', true);
        if (!refund || refund.amount <= 0) return [];
        return payments.recordRefund(tx, {
          row,
          amountCents: refund.amount,
          reason: refund.reason,
          actorId: adminId,
          cause: 'cancellation',
        });
      });
      await payments.settleRefunds(refundIds);
      return finish(id);
    },
  };
}
