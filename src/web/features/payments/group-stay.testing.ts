/**
 * Test fixtures of a group's stay on the Payments page: a stay priced per
 * person with a 25 % deposit not refundable and the balance due 14 days before,
 * the house's facility agreement, and the routes that serve and accept it.
 */
import type { AgreementContent, StayAgreement } from '../../../shared/schemas/agreement.js';
import type { Reservation } from '../../../shared/schemas/reservations.js';
import type { FakeRoutes } from '@/test/utils.js';
import { reservation } from './payments.testing.js';

/** "Choir retreat", 5-7 June 2031, 40 guests: $4,700.00, deposit $1,175.00, balance due 22 May. */
export const choirRetreat = (over: Partial<Reservation> = {}) =>
  reservation('2031-06-05', '2031-06-07', {
    eventName: 'Choir retreat',
    status: 'approved',
    guests: 40,
    priceCents: 470000,
    depositCents: 117500,
    balanceDueDate: '2031-05-22',
    ...over,
  });

export const houseAgreement: AgreementContent = {
  version: '2026-1',
  title: 'Facility agreement for group stays',
  paragraphs: [
    'This agreement is between the house and the group named on the reservation.',
    'Deposit and balance. The deposit is not refundable unless the reservation says otherwise.',
  ],
};

/** The stay's own terms, as the server words them (those it was requested with). */
export const stayTerms: StayAgreement['terms'] = {
  deposit: { percent: 25, refundable: false, dueDaysAfterApproval: 7 },
  cancellationPolicy: [
    { daysBeforeStart: 30, refundPercent: 100 },
    { daysBeforeStart: 14, refundPercent: 50 },
  ],
  depositTerms: '25% of the price ($1,175.00), due 7 days after approval; not refundable.',
  cancellationTerms:
    'Refund on cancellation: 100% when cancelled 30 or more days before arrival; 50% when cancelled 14 or more days before arrival.',
};

/** The acceptance the fake server records: on Nov 26, 2026 (midday, any time zone). */
export const acceptance = {
  version: '2026-1',
  fullName: 'Anna Lindqvist',
  acceptedAt: '2026-11-26T12:00:00.000Z',
};

export const ACCEPTED_TEXT = 'Agreement version 2026-1 accepted by Anna Lindqvist on Nov 26, 2026';

/** GET /api/facility/pricing, as far as the Payments page reads it: the deposit's rule. */
export const pricingRoute: FakeRoutes = {
  'GET /api/facility/pricing': {
    body: {
      currency: 'USD',
      cancellationPolicy: [],
      policyDescription: '',
      groupRates: [],
      group: { deposit: { percent: 25, refundable: false, dueDaysAfterApproval: 7 } },
    },
  },
};

/**
 * The house's agreement, each stay's (with its terms) and its acceptance for
 * `stays`: an acceptance is kept on the stay (the server's 201), so that the
 * reservations reloaded name it.
 */
export function agreementRoutes(stays: Reservation[]): FakeRoutes {
  const routes: FakeRoutes = {
    'GET /api/facility/agreement': { body: houseAgreement },
  };
  for (const r of stays) {
    routes[`GET /api/reservations/${r.id}/agreement`] = () => ({
      body: { ...houseAgreement, terms: stayTerms, accepted: null } satisfies StayAgreement,
    });
    routes[`POST /api/reservations/${r.id}/agreement`] = (req) => {
      const { fullName } = req.body as { fullName: string };
      r.agreement = { ...acceptance, fullName };
      return { status: 201, body: { ...r.agreement, acceptedBy: 'member' } };
    };
  }
  return routes;
}
