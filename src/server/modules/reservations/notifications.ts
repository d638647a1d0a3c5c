import { and, eq, isNotNull } from 'drizzle-orm';
import { formatMoney } from '../../../shared/pricing.js';
import type { Db } from '../../db/open.js';
import { users } from '../../db/schema.js';
import type { MailMessage } from '../../mail/mailer.js';
import type { ReservationWithUser } from './presenter.js';

interface Site {
  publicUrl: string;
  facilityName: string;
}

/** A mail to the member who asked, or none when they have no address. */
export function memberMail(
  site: Site,
  r: ReservationWithUser,
  subject: string,
  lines: string[],
): MailMessage[] {
  if (!r.email) return [];
  return [
    {
      to: r.email,
      subject: `${site.facilityName}: ${subject}`,
      text: [
        `Hello ${r.username},`,
        '',
        ...lines,
        '',
        `Event: ${r.eventName}`,
        `Dates: ${r.firstDay} to ${r.lastDay}`,
        ...(r.priceCents ? [`Price: ${formatMoney(r.priceCents, r.currency ?? 'USD')}`] : []),
        '',
        `Your reservations: ${site.publicUrl}/account/reservations`,
        '',
        site.facilityName,
      ].join('\n'),
    },
  ];
}

/** One mail per administrator with an address, about a new request. */
export async function adminRequestMails(
  db: Db,
  site: Site,
  r: ReservationWithUser,
): Promise<MailMessage[]> {
  const admins = await db
    .select({ email: users.email })
    .from(users)
    .where(
      and(eq(users.role, 'Administrator'), eq(users.status, 'active'), isNotNull(users.email)),
    );
  return admins.map((a) => ({
    to: a.email!,
    subject: `${site.facilityName}: new reservation request from ${r.username}`,
    text: [
      `${r.username} asks for ${r.firstDay} to ${r.lastDay}.`,
      '',
      `Event: ${r.eventName}`,
      `Description: ${r.eventDescription}`,
      ...(r.additionalInfo ? [`Additional information: ${r.additionalInfo}`] : []),
      ...(r.priceCents ? [`Price: ${formatMoney(r.priceCents, r.currency ?? 'USD')}`] : []),
      '',
      `Review it: ${site.publicUrl}/admin/reservations`,
    ].join('\n'),
  }));
}
