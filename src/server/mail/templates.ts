import { formatMoney } from '../../shared/pricing.js';

/**
 * Every mail's words, in one place (docs/mail.md). Each function gives the
 * subject and the plain text; the HTML part is made from the text. A mail
 * names the house, states the facts (dates, event, amount) and links to the
 * screen where the reader acts.
 */
export interface Site {
  facilityName: string;
  publicUrl: string;
}

export interface Stay {
  eventName: string;
  firstDay: string;
  lastDay: string;
  priceCents?: number | null;
  currency?: string | null;
}

type Mail = { subject: string; text: string };

const lines = (...parts: (string | false | null | undefined)[]) =>
  parts.filter((p) => p !== false && p !== null && p !== undefined).join('\n');

const stayFacts = (s: Stay) => [
  `Event: ${s.eventName}`,
  `Dates: ${s.firstDay} to ${s.lastDay}`,
  ...(s.priceCents ? [`Price: ${formatMoney(s.priceCents, s.currency ?? 'USD')}`] : []),
];

/** To a member about one of their reservations. */
export function toMember(
  site: Site,
  username: string,
  s: Stay,
  subject: string,
  body: string[],
): Mail {
  return {
    subject: `${site.facilityName}: ${subject}`,
    text: lines(
      `Hello ${username},`,
      '',
      ...body,
      '',
      ...stayFacts(s),
      '',
      `Your reservations: ${site.publicUrl}/account/reservations`,
      '',
      site.facilityName,
    ),
  };
}

export const approvalMail = (site: Site, username: string, s: Stay) =>
  toMember(site, username, s, 'your reservation is approved', [
    'Your reservation request has been approved. The attached calendar event adds the days to your calendar.',
  ]);

export const rejectionMail = (site: Site, username: string, s: Stay, reason: string | null) =>
  toMember(site, username, s, 'your reservation request', [
    'We are sorry: your reservation request could not be accepted.',
    ...(reason ? ['', `Reason: ${reason}`] : []),
  ]);

export const cancellationMail = (site: Site, username: string, s: Stay, byHouse: boolean) =>
  toMember(site, username, s, 'your reservation is cancelled', [
    byHouse
      ? 'Your reservation has been cancelled by the house.'
      : 'Your reservation has been cancelled, as you asked.',
  ]);

/** To the administrators: a new request, with a link to the screen that handles it. */
export const reservationRequestMail = (
  site: Site,
  r: Stay & { username: string; eventDescription: string; additionalInfo: string | null },
) => ({
  subject: `${site.facilityName}: new reservation request from ${r.username}: ${r.eventName}, ${r.firstDay}`,
  text: lines(
    `${r.username} asks for ${r.firstDay} to ${r.lastDay}.`,
    '',
    ...stayFacts(r),
    `Description: ${r.eventDescription}`,
    r.additionalInfo ? `Additional information: ${r.additionalInfo}` : null,
    '',
    `Approve or reject it: ${site.publicUrl}/admin/reservations`,
    '',
    site.facilityName,
  ),
});

/** To the administrators: a new registration waiting for approval. */
export const registrationMail = (site: Site, username: string, email: string | null) => ({
  subject: `${site.facilityName}: new registration from ${username}`,
  text: lines(
    `${username}${email ? ` (${email})` : ''} has registered and waits for approval.`,
    '',
    `Approve or reject it: ${site.publicUrl}/admin/users`,
    '',
    site.facilityName,
  ),
});

export const registrationApprovedMail = (site: Site, username: string) => ({
  subject: `${site.facilityName}: your registration is approved`,
  text: lines(
    `Hello ${username},`,
    '',
    `Your registration has been approved. You can now log in at ${site.publicUrl}/login`,
    '',
    site.facilityName,
  ),
});

export const registrationRejectedMail = (site: Site, username: string) => ({
  subject: `${site.facilityName}: your registration`,
  text: lines(
    `Hello ${username},`,
    '',
    'Thank you for your interest. We were not able to approve your registration. If you think this is a mistake, please contact us.',
    '',
    site.facilityName,
  ),
});

export const passwordResetMail = (site: Site, username: string, link: string) => ({
  subject: `${site.facilityName}: reset your password`,
  text: lines(
    `Hello ${username},`,
    '',
    'Someone asked to reset the password of your account. To choose a new password, open this link within one hour:',
    '',
    link,
    '',
    'If you did not ask for this, you can ignore this message; your password stays as it is.',
    '',
    site.facilityName,
  ),
});

export const receiptMail = (site: Site, s: Stay, amount: string) => ({
  subject: `${site.facilityName}: receipt for ${s.eventName}`,
  text: lines(
    'Hello,',
    '',
    `Thank you for your payment of ${amount} for "${s.eventName}" (${s.firstDay} to ${s.lastDay}). The receipt is attached and is also kept with your account's documents.`,
    '',
    `Your payments: ${site.publicUrl}/account/payments`,
    '',
    site.facilityName,
  ),
});

export const creditNoteMail = (site: Site, eventName: string, amount: string, reason: string) => ({
  subject: `${site.facilityName}: refund of ${amount} for ${eventName}`,
  text: lines(
    'Hello,',
    '',
    `We have refunded ${amount} of your payment for "${eventName}".`,
    `Reason: ${reason}`,
    '',
    "The credit note is attached and is also kept with your account's documents.",
    `Your payments: ${site.publicUrl}/account/payments`,
    '',
    site.facilityName,
  ),
});

export const testMail = (site: Site, sentBy: string) => ({
  subject: `${site.facilityName}: test mail`,
  text: lines(
    'Hello,',
    '',
    `This is a test mail sent by ${sentBy} from the Mail screen, to check that the site's mail settings work. Nothing else needs to be done.`,
    '',
    `Mail screen: ${site.publicUrl}/admin/mail`,
    '',
    site.facilityName,
  ),
});

/* The reminders the scheduler sends (docs/mail.md). */

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
  /** The name of the member's church (account); null without one. */
  church: string | null;
  /** The house-day the request was made (`YYYY-MM-DD`). */
  requestedOn: string;
}

/** To an administrator: the requests still waiting for an answer, at most once a house-day. */
export const pendingDigestMail = (
  site: Site,
  requests: PendingRequest[],
  olderThanHours: number,
) => {
  const one = requests.length === 1;
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
      '',
      site.facilityName,
    ),
  };
};

/** To the member: an unpaid reservation whose first day is near. */
export const paymentReminderMail = (
  site: Site,
  username: string,
  s: Stay & { priceCents: number; currency: string },
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
  s: Stay,
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
    '',
    site.facilityName,
  ),
});
