import { eq } from 'drizzle-orm';
import { describePolicy, formatMoney } from '../../../shared/pricing.js';
import { isHolding } from '../../../shared/reservations.js';
import type { AgreementAcceptance, AgreementContent } from '../../../shared/schemas/agreement.js';
import { agreementDescription } from '../../../shared/schemas/documents.js';
import type { PricingRules } from '../../../shared/schemas/pricing.js';
import type { Db } from '../../db/open.js';
import { agreements, type AcceptedTerms } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { conflict, notFound } from '../../errors.js';
import { renderAgreement } from '../../pdf/agreement.js';
import type { DocumentsService } from '../documents/service.js';
import { recordAccountEvent } from '../history/service.js';
import { lockReservation } from '../payments/charges.js';

export interface AgreementDeps {
  db: Db;
  documents: DocumentsService;
  pricing: () => PricingRules;
  agreement: () => AgreementContent | null;
  houseName: () => string;
  now: () => Date;
}

/** The deposit rule in words, as the signed copy prints it. */
export function describeDeposit(terms: AcceptedTerms, depositCents: number, currency: string) {
  if (!terms.deposit || depositCents === 0) return 'none.';
  const refundable = terms.deposit.refundable ? 'refundable' : 'not refundable';
  return `${terms.deposit.percent}% of the price (${formatMoney(depositCents, currency)}), due ${terms.deposit.dueDaysAfterApproval} days after approval; ${refundable}.`;
}

/**
 * The group leader accepts the house's facility agreement for one stay
 * (docs/money.md, "The facility agreement"): who, when, from where, which
 * version, and a copy of the deposit rule and cancellation tiers in force,
 * which govern the stay's refunds from then on; a signed PDF for the church.
 */
export async function acceptAgreement(
  deps: AgreementDeps,
  o: { reservationId: number; userId: number; fullName: string; ip: string; userAgent: string },
): Promise<AgreementAcceptance> {
  // The agreement and rules in force now, the same all through (docs/site-content.md).
  const content = deps.agreement();
  if (!content) throw notFound('This house has no facility agreement.');
  const pricing = deps.pricing();
  return inTransaction(deps.db, async (tx) => {
    const row = await lockReservation(tx, o.reservationId);
    if (!row || row.r.userId !== o.userId) throw notFound('Reservation not found.');
    if (!isHolding(row.r.status)) {
      throw conflict(`A ${row.r.status} reservation needs no agreement.`, 'transition_not_allowed');
    }
    const [before] = await tx
      .select({ version: agreements.version })
      .from(agreements)
      .where(eq(agreements.reservationId, row.r.id));
    if (before) {
      throw conflict(
        `The agreement (version ${before.version}) was accepted for this stay already.`,
        'agreement_already_accepted',
      );
    }
    const acceptedAt = deps.now();
    const terms: AcceptedTerms = {
      deposit: pricing.group?.deposit ?? null,
      cancellationPolicy: pricing.cancellationPolicy,
    };
    const { r, account } = row;
    const pdf = await renderAgreement({
      facilityName: deps.houseName(),
      accountName: account?.accountName ?? row.username,
      reservationId: r.id,
      eventName: r.eventName,
      firstDay: r.firstDay,
      lastDay: r.lastDay,
      title: content.title,
      version: content.version,
      paragraphs: content.paragraphs,
      fullName: o.fullName,
      username: row.username,
      acceptedAt,
      depositTerms: describeDeposit(terms, r.depositCents, pricing.currency),
      cancellationTerms: describePolicy(terms.cancellationPolicy),
    });
    const documentId = account
      ? await deps.documents.create({
          tx,
          kind: 'agreement',
          accountId: account.id,
          uploadedBy: null,
          fileName: `agreement-reservation-${r.id}.pdf`,
          description: agreementDescription(r.id, r.eventName, content.version),
          content: pdf,
          reservationId: r.id,
        })
      : null;
    await tx.insert(agreements).values({
      reservationId: r.id,
      version: content.version,
      title: content.title,
      paragraphs: content.paragraphs,
      fullName: o.fullName,
      acceptedBy: o.userId,
      acceptedByUsername: row.username,
      acceptedAt,
      ipAddress: o.ip,
      userAgent: o.userAgent.slice(0, 500),
      terms,
      documentId,
    });
    await recordAccountEvent(tx, {
      accountId: account?.id ?? null,
      userId: o.userId,
      kind: 'agreement_accepted',
      summary: `Facility agreement (version ${content.version}) accepted by ${o.fullName} for ${r.eventName} (${r.firstDay} to ${r.lastDay})`,
      reservationId: r.id,
      documentId,
    });
    return {
      version: content.version,
      fullName: o.fullName,
      acceptedAt: acceptedAt.toISOString(),
      acceptedBy: row.username,
    };
  });
}
