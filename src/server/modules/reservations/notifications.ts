import type { Db } from '../../db/open.js';
import type { MailAttachment, MailKind } from '../../mail/mailer.js';
import type { Outbox } from '../../mail/outbox.js';
import { adminAddresses } from '../../mail/recipients.js';
import { reservationRequestMail, type Site } from '../../mail/templates.js';
import type { ReservationWithUser } from './presenter.js';

/** Queues a mail to the member who asked, in the change's transaction; none when they have no address. */
export async function queueMemberMail(
  tx: Db,
  outbox: Outbox,
  r: ReservationWithUser,
  kind: MailKind,
  mail: { subject: string; text: string },
  attachments: MailAttachment[] = [],
) {
  if (!r.email) return;
  await outbox.enqueue(tx, { kind, to: r.email, ...mail, attachments });
}

/** Queues one mail per administrator with an address about a new request. */
export async function queueRequestMails(
  tx: Db,
  outbox: Outbox,
  site: Site,
  r: ReservationWithUser,
) {
  for (const to of await adminAddresses(tx)) {
    await outbox.enqueue(tx, {
      kind: 'reservation_request',
      to,
      ...reservationRequestMail(site, r),
    });
  }
}
