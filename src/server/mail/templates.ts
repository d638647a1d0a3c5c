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

/**
 * What services keep of the site: the staff may rename the house while the
 * server runs (docs/site-content.md, "Live"), so its name is asked for at
 * each mail, never kept.
 */
export interface LiveSite {
  publicUrl: string;
  houseName: () => string;
}

/** The site as a mail written now names it. */
export const siteNow = (site: LiveSite): Site => ({
  publicUrl: site.publicUrl,
  facilityName: site.houseName(),
});

export interface Stay {
  eventName: string;
  firstDay: string;
  lastDay: string;
  priceCents?: number | null;
  currency?: string | null;
}

type Mail = { subject: string; text: string };

export const lines = (...parts: (string | false | null | undefined)[]) =>
  parts.filter((p) => p !== false && p !== null && p !== undefined).join('\n');

export const stayFacts = (s: Stay) => [
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

export const receiptMail = (site: Site, s: Stay, amount: string, part = 'Payment in full') => ({
  subject: `${site.facilityName}: receipt for ${s.eventName}${part === 'Payment in full' ? '' : ` (${part.toLowerCase()})`}`,
  text: lines(
    'Hello,',
    '',
    `Thank you for your payment of ${amount} for "${s.eventName}" (${s.firstDay} to ${s.lastDay}): ${part.toLowerCase()}. The receipt is attached and is also kept with your account's documents.`,
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

/** To the staff: money the site could not give back by itself (docs/money.md, "Refunds"). */
export const refundFailedMail = (
  site: Site,
  r: {
    amount: string;
    church: string;
    reservationId: number | null;
    eventName: string | null;
    provider: string;
    chargeReference: string;
    reason: string;
    error: string;
  },
) => ({
  subject: `${site.facilityName}: a refund of ${r.amount} to ${r.church} needs you`,
  text: lines(
    'Hello,',
    '',
    `The refund of ${r.amount} to ${r.church} could not be made automatically.`,
    `Reservation: ${r.reservationId === null ? 'none' : `#${r.reservationId}`}${r.eventName ? ` ("${r.eventName}")` : ''}`,
    `Why it was refunded: ${r.reason}`,
    `What went wrong: ${r.error}`,
    `Payment: ${r.chargeReference} (${r.provider})`,
    '',
    `Settle it with the church, or try it again from the dashboard: ${site.publicUrl}/admin`,
    '',
    site.facilityName,
  ),
});

/** To the member: a bank payment that did not go through; nothing was charged. */
export const paymentFailedMail = (site: Site, s: Stay) => ({
  subject: `${site.facilityName}: your payment for ${s.eventName} did not go through`,
  text: lines(
    'Hello,',
    '',
    `Your bank payment for "${s.eventName}" (${s.firstDay} to ${s.lastDay}) did not go through, so nothing was charged. You can pay again from your payments page.`,
    '',
    `Your payments: ${site.publicUrl}/account/payments`,
    '',
    site.facilityName,
  ),
});

/** To the church: the invoice a final count wrote, what it owes or gets back. */
export const invoiceMail = (
  site: Site,
  s: Stay,
  o: {
    price: string;
    owed: string | null;
    due: string | null;
    refund: string | null;
    guests: number | null;
  },
) => ({
  subject: `${site.facilityName}: invoice for ${s.eventName}`,
  text: lines(
    'Hello,',
    '',
    `The final count for "${s.eventName}" (${s.firstDay} to ${s.lastDay}) is ${o.guests ?? 'not given'}; the stay now costs ${o.price}.`,
    o.owed ? `Still owed: ${o.owed}${o.due ? `, due by ${o.due}` : ''}.` : 'Nothing more is owed.',
    o.refund ? `We are refunding ${o.refund}; a credit note follows.` : false,
    '',
    "The invoice is attached and is also kept with your account's documents.",
    `Your payments: ${site.publicUrl}/account/payments`,
    '',
    site.facilityName,
  ),
});
