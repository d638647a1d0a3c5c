import { eq } from 'drizzle-orm';
import { describePolicy, formatMoney } from '../../../shared/pricing.js';
import { isHolding } from '../../../shared/reservations.js';
import type { PriceTerms } from '../../../shared/group-pricing.js';
import type {
  AgreementAcceptance,
  AgreementContent,
  StayAgreement,
  StayTerms,
} from '../../../shared/schemas/agreement.js';
import { agreementDescription } from '../../../shared/schemas/documents.js';
import type { PricingRules } from '../../../shared/schemas/pricing.js';
import type { Db } from '../../db/open.js';
import { agreements, reservations, type AcceptedTerms } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { conflict, notFound } from '../../errors.js';
import { renderAgreement } from '../../pdf/agreement.js';
import type { DocumentsService } from '../documents/service.js';
import { recordAccountEvent } from '../history/service.js';
import { lockReservation } from '../payments/charges.js';
import { isOwnStay, mayOpenStay, type StayViewer } from '../reservations/ownership.js';

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
 * The deposit rule and cancellation tiers of a stay, fixed when it was
 * requested (its price terms), whatever the house's pricing says now; for a
 * stay of an earlier release that kept none, the house's current ones.
 */
export function requestedTerms(
  r: { priceTerms: PriceTerms | null },
  pricing: PricingRules,
): AcceptedTerms {
  return r.priceTerms
    ? {
        deposit: r.priceTerms.group?.deposit ?? null,
        cancellationPolicy: r.priceTerms.cancellationPolicy,
      }
    : { deposit: pricing.group?.deposit ?? null, cancellationPolicy: pricing.cancellationPolicy };
}

/** A stay's terms with their words, as the agreement page and the signed copy show them. */
const termsInWords = (terms: AcceptedTerms, depositCents: number, currency: string): StayTerms => ({
  ...terms,
  depositTerms: describeDeposit(terms, depositCents, currency),
  cancellationTerms: describePolicy(terms.cancellationPolicy),
});

/**
 * The agreement of one stay (the owner or an administrator): as accepted, with
 * the terms kept then; else the house's text now with the stay's own terms,
 * those it will keep when accepted. 404 when neither exists.
 */
export async function stayAgreement(
  deps: AgreementDeps,
  id: number,
  viewer: StayViewer,
): Promise<StayAgreement> {
  const [row] = await deps.db
    .select({ r: reservations, a: agreements })
    .from(reservations)
    .leftJoin(agreements, eq(agreements.reservationId, reservations.id))
    .where(eq(reservations.id, id));
  if (!row || !mayOpenStay(row.r, viewer)) throw notFound('Reservation not found.');
  const { r, a } = row;
  const pricing = deps.pricing();
  const currency = r.currency ?? pricing.currency;
  if (a) {
    return {
      version: a.version,
      title: a.title,
      paragraphs: a.paragraphs,
      terms: termsInWords(a.terms, r.depositCents, currency),
      accepted: {
        version: a.version,
        fullName: a.fullName,
        acceptedAt: a.acceptedAt.toISOString(),
        acceptedBy: a.acceptedByUsername,
      },
    };
  }
  const content = deps.agreement();
  if (!content) throw notFound('This house has no facility agreement.');
  return {
    ...content,
    terms: termsInWords(requestedTerms(r, pricing), r.depositCents, currency),
    accepted: null,
  };
}

/**
 * The group leader accepts the house's facility agreement for one stay
 * (docs/money.md, "The facility agreement"): who, when, from where, which
 * version, and a copy of the stay's deposit rule and cancellation tiers (those
 * fixed at its request, not those in force now), which govern its refunds; a
 * signed PDF for the stay's church.
 */
export async function acceptAgreement(
  deps: AgreementDeps,
  o: {
    reservationId: number;
    /** The member accepting, with the church they belong to now. */
    member: { id: number; accountId: number | null };
    fullName: string;
    ip: string;
    userAgent: string;
  },
): Promise<AgreementAcceptance> {
  // The agreement and rules in force now, the same all through (docs/site-content.md).
  const content = deps.agreement();
  if (!content) throw notFound('This house has no facility agreement.');
  const pricing = deps.pricing();
  return inTransaction(deps.db, async (tx) => {
    const row = await lockReservation(tx, o.reservationId);
    if (!row || !isOwnStay(row.r, o.member)) throw notFound('Reservation not found.');
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
    const { r, account } = row;
    // The stay's own terms, fixed with its price when it was requested.
    const terms = requestedTerms(r, pricing);
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
      depositTerms: describeDeposit(terms, r.depositCents, r.currency ?? pricing.currency),
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
      acceptedBy: o.member.id,
      acceptedByUsername: row.username,
      acceptedAt,
      ipAddress: o.ip,
      userAgent: o.userAgent.slice(0, 500),
      terms,
      documentId,
    });
    await recordAccountEvent(tx, {
      accountId: account?.id ?? null,
      userId: o.member.id,
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
