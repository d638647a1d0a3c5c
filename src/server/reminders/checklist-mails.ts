import { longDate } from '../../shared/dates.js';
import type { ChecklistItem, ChecklistItemName } from '../../shared/schemas/questionnaire.js';
import { CHECKLIST_LABELS } from '../../shared/stay-checklist.js';
import { isOverdue, reminderDue } from '../../shared/stay-checklist.js';
import type { MailMessage } from '../mail/mailer.js';
import { lines, type Site, type Stay } from '../mail/templates.js';
import type { Checklists } from '../modules/stays/checklist.js';
import type { OverdueStay } from './reminder-templates.js';

/** The reminder of each checklist item (docs/stays.md, "Reminders"): its mail kind and what to do. */
export const CHECKLIST_REMINDERS: Record<
  ChecklistItemName,
  { kind: `${ChecklistItemName}_reminder`; what: string }
> = {
  agreement: {
    kind: 'agreement_reminder',
    what: "The house's facility agreement is not signed yet. Read it and sign it with your full name on your stay's page.",
  },
  deposit: {
    kind: 'deposit_reminder',
    what: "The deposit that confirms your dates is not paid yet. You can pay it online on your stay's page.",
  },
  questionnaire: {
    kind: 'questionnaire_reminder',
    what: 'The pre-arrival questionnaire is not sent yet: the final number of guests, diets, who sleeps where, your arrival time and the room set-up.',
  },
  insurance: {
    kind: 'insurance_reminder',
    what: "The house has no liability insurance certificate of your church valid until your stay's last day. Upload it as a PDF with its expiry date.",
  },
  balance: {
    kind: 'balance_reminder',
    what: "The balance of your stay is not paid yet. You can pay it online on your stay's page.",
  },
};

/** The stay's page, where every item of the checklist is done (docs/stays.md). */
export const stayPageUrl = (site: Site, reservationId: number) =>
  `${site.publicUrl}/account/reservations/${reservationId}`;

/** To the member: one open item of the stay's checklist, due soon or overdue. */
export function checklistReminderMail(
  site: Site,
  username: string,
  stay: Stay & { id: number },
  item: ChecklistItem,
  today: string,
) {
  const due = item.dueDate!;
  const when = due < today ? `was due on ${longDate(due)}` : `is due by ${longDate(due)}`;
  return {
    subject: `${site.facilityName}: ${CHECKLIST_LABELS[item.item].toLowerCase()} for ${stay.eventName}`,
    text: lines(
      `Hello ${username},`,
      '',
      `${CHECKLIST_REMINDERS[item.item].what} It ${when}.`,
      '',
      `Event: ${stay.eventName}`,
      `Dates: ${stay.firstDay} to ${stay.lastDay}`,
      '',
      `Your stay's page: ${stayPageUrl(site, stay.id)}`,
      '',
      'If you have done it in the meantime, thank you: you can ignore this message.',
      '',
      site.facilityName,
    ),
  };
}

type StayWithChecklist = Awaited<ReturnType<Checklists['approvedFrom']>>[number];

/**
 * The reminders due today for approved stays to come: each open item from
 * `checklistReminderDays` before its due day (overdue included), keyed once
 * per stay and kind; and the stays with an item past due, for the digest.
 */
export function checklistMails(
  stays: StayWithChecklist[],
  today: string,
  o: { site: Site; checklistReminderDays: number },
) {
  const candidates: (Omit<MailMessage, 'dedupeKey'> & { key: string })[] = [];
  const overdue: OverdueStay[] = [];
  for (const s of stays) {
    const late = s.items.filter((i) => isOverdue(i, today));
    if (late.length > 0) {
      overdue.push({ ...s.r, username: s.username, items: late.map((i) => i.item) });
    }
    const to = s.userEmail?.trim();
    // A deactivated member is told nothing more, nor one who has moved to another
    // church (docs/stays.md, "Whose stay"); the digest still shows the stay.
    if (!to || s.userStatus !== 'active' || s.userAccountId !== s.r.accountId) continue;
    for (const item of s.items) {
      if (!reminderDue(item, today, o.checklistReminderDays)) continue;
      const kind = CHECKLIST_REMINDERS[item.item].kind;
      candidates.push({
        kind,
        to,
        key: `${kind}:${s.r.id}`,
        ...checklistReminderMail(o.site, s.username, s.r, item, today),
      });
    }
  }
  return { candidates, overdue };
}
