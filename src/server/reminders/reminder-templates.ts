import { formatMoney } from '../../shared/pricing.js';
import { lines, type Site, type Stay } from '../mail/templates.js';

/** The reminders the scheduler sends (docs/mail.md); the other mails' words are in templates.ts. */

/** How far off a day is, from the house's today. */
const inDays = (days: number) =>
  days <= 0 ? 'today' : days === 1 ? 'tomorrow' : `in ${days} days`;

const forHours = (hours: number) =>
  hours % 24 === 0
    ? `${hours / 24} day${hours === 24 ? '' : 's'}`
    : `${hours} hour${hours === 1 ? '' : 's'}`;

/** A reservation request waiting for an answer, as the pending digest lists it. */
export interface PendingRequest extends Stay {
  username: string;
  /** The name of the stay's church (the one that requested it); null without one. */
  church: string | null;
  /** The house-day the request was made (`YYYY-MM-DD`). */
  requestedOn: string;
}

/** An approved stay with a checklist item past its due day (docs/stays.md). */
export interface OverdueStay extends Stay {
  id: number;
  username: string;
  items: string[];
}

/**
 * To an administrator, at most once a house-day: the requests still waiting
 * for an answer, and the stays whose checklist is overdue.
 */
export const pendingDigestMail = (
  site: Site,
  requests: PendingRequest[],
  olderThanHours: number,
  overdue: OverdueStay[] = [],
) => {
  const one = requests.length === 1;
  const late = overdue.length;
  const overdueLines =
    late === 0
      ? []
      : [
          '',
          `${late === 1 ? 'This stay has' : `These ${late} stays have`} something overdue on ${late === 1 ? 'its' : 'their'} checklist:`,
          '',
          ...overdue.map(
            (s) =>
              `- ${s.firstDay} to ${s.lastDay}: ${s.eventName} (${s.username}): ${s.items.join(', ')} — ${site.publicUrl}/admin/reservations/${s.id}`,
          ),
        ];
  if (requests.length === 0) {
    return {
      subject: `${site.facilityName}: ${late === 1 ? '1 stay has' : `${late} stays have`} an overdue checklist`,
      text: lines('Hello,', ...overdueLines, '', site.facilityName),
    };
  }
  const waiting = one
    ? 'This reservation request has been waiting for an answer'
    : `These ${requests.length} reservation requests have been waiting for an answer`;
  return {
    subject: `${site.facilityName}: ${one ? '1 reservation request waits' : `${requests.length} reservation requests wait`} for an answer`,
    text: lines(
      'Hello,',
      '',
      olderThanHours > 0 ? `${waiting} for more than ${forHours(olderThanHours)}:` : `${waiting}:`,
      '',
      ...requests.map(
        (r) =>
          `- ${r.firstDay} to ${r.lastDay}: ${r.eventName}, ${r.church ? `${r.church} (${r.username})` : r.username}, requested ${r.requestedOn}`,
      ),
      '',
      `Approve or reject ${one ? 'it' : 'them'}: ${site.publicUrl}/admin/reservations`,
      ...overdueLines,
      '',
      site.facilityName,
    ),
  };
};

/** To the member: an unpaid reservation whose first day is near. */
export const paymentReminderMail = (
  site: Site,
  username: string,
  s: Stay & { id: number; priceCents: number; currency: string },
  daysAhead: number,
) => ({
  subject: `${site.facilityName}: payment due for ${s.eventName}`,
  text: lines(
    `Hello ${username},`,
    '',
    `Your stay at ${site.facilityName} begins ${inDays(daysAhead)}, on ${s.firstDay}, and ${formatMoney(s.priceCents, s.currency)} is still to be paid for it. You can pay online on your Payments page.`,
    '',
    `Event: ${s.eventName}`,
    `Dates: ${s.firstDay} to ${s.lastDay}`,
    `Amount due: ${formatMoney(s.priceCents, s.currency)}`,
    '',
    `Pay now: ${site.publicUrl}/account/payments`,
    `Your stay's page: ${site.publicUrl}/account/reservations/${s.id}`,
    '',
    'If you have paid in the meantime, thank you: you can ignore this message.',
    '',
    site.facilityName,
  ),
});

/** The house's arrival information (content/arrival.json). */
export interface ArrivalInfo {
  arrivalTime: string;
  departureTime: string;
  keys: string;
  parking?: string | undefined;
  whatToBring: string[];
  contact?: string | undefined;
  notes?: string | undefined;
}

/** To the member: an approved stay begins soon; what they need to know to arrive. */
export const stayReminderMail = (
  site: Site,
  username: string,
  s: Stay & { id: number },
  daysAhead: number,
  arrival: ArrivalInfo,
) => ({
  subject: `${site.facilityName}: your stay begins ${daysAhead > 1 ? `on ${s.firstDay}` : inDays(daysAhead)}`,
  text: lines(
    `Hello ${username},`,
    '',
    `Your stay at ${site.facilityName} begins ${inDays(daysAhead)}, on ${s.firstDay}. We look forward to welcoming your group. Here is what you need to know to arrive.`,
    '',
    `Event: ${s.eventName}`,
    `Dates: ${s.firstDay} to ${s.lastDay}`,
    '',
    `Arrival: ${arrival.arrivalTime}`,
    `Departure: ${arrival.departureTime}`,
    '',
    `Keys: ${arrival.keys}`,
    arrival.parking ? `\nParking: ${arrival.parking}` : null,
    arrival.whatToBring.length > 0
      ? `\nWhat to bring:\n${arrival.whatToBring.map((item) => `- ${item}`).join('\n')}`
      : null,
    arrival.contact ? `\nContact: ${arrival.contact}` : null,
    arrival.notes ? `\n${arrival.notes}` : null,
    '',
    `Your reservations: ${site.publicUrl}/account/reservations`,
    `Your stay's page: ${site.publicUrl}/account/reservations/${s.id}`,
    '',
    site.facilityName,
  ),
});
