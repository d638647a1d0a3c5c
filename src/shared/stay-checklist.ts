import { addDays, type DayKey } from './dates.js';
import type { GroupPricing } from './schemas/pricing.js';
import type { ChecklistItem, ChecklistItemName } from './schemas/questionnaire.js';

/** What the checklist of a stay is computed from (docs/stays.md, "The checklist"). */
export interface ChecklistInput {
  /** The group terms the stay was requested with (or the house's, for a stay of an older release); null: none. */
  group: Pick<
    GroupPricing,
    'deposit' | 'finalCountDueDaysBeforeStart' | 'balanceDueDaysBeforeStart' | 'insuranceRequired'
  > | null;
  /** Whether the house has a facility agreement (content/agreement.json). */
  houseHasAgreement: boolean;
  agreementAccepted: boolean;
  /** The house-day the stay was approved, or null while it is not. */
  approvedOn: DayKey | null;
  firstDay: DayKey;
  depositCents: number;
  /** Paid less refunded. */
  netCents: number;
  owedCents: number;
  questionnaireSubmitted: boolean;
  /** The latest expiry of the church's insurance certificates, or null without one. */
  insuranceExpiresOn: DayKey | null;
  lastDay: DayKey;
}

/**
 * The items the house asks of a stay, each with its due day, sorted by that
 * day: agreement and deposit after approval, questionnaire and insurance by
 * the final count's day, the balance by its own.
 */
export function stayChecklist(s: ChecklistInput): ChecklistItem[] {
  const items: ChecklistItem[] = [];
  const afterApproval = s.approvedOn
    ? addDays(s.approvedOn, s.group?.deposit?.dueDaysAfterApproval ?? 0)
    : null;
  const beforeArrival = s.group ? addDays(s.firstDay, -s.group.finalCountDueDaysBeforeStart) : null;
  if (s.houseHasAgreement) {
    items.push({ item: 'agreement', done: s.agreementAccepted, dueDate: afterApproval });
  }
  if (s.group?.deposit) {
    const done = s.owedCents === 0 || (s.depositCents > 0 && s.netCents >= s.depositCents);
    items.push({ item: 'deposit', done, dueDate: afterApproval });
  }
  if (s.group) {
    items.push({ item: 'questionnaire', done: s.questionnaireSubmitted, dueDate: beforeArrival });
  }
  if (s.group?.insuranceRequired) {
    const done = s.insuranceExpiresOn !== null && s.insuranceExpiresOn >= s.lastDay;
    items.push({ item: 'insurance', done, dueDate: beforeArrival });
  }
  items.push({
    item: 'balance',
    done: s.owedCents === 0,
    dueDate: s.group ? addDays(s.firstDay, -s.group.balanceDueDaysBeforeStart) : null,
  });
  // By due day, the earliest first (a stay whose house asks for the balance
  // before the final count shows it so). Items without a day yet are those due
  // after approval, the first to come: they lead, in their order.
  return items
    .map((item, order) => ({ item, order }))
    .sort((a, b) => (a.item.dueDate ?? '').localeCompare(b.item.dueDate ?? '') || a.order - b.order)
    .map(({ item }) => item);
}

/** Plain words for each item, for the stay page and the reminder mails. */
export const CHECKLIST_LABELS: Record<ChecklistItemName, string> = {
  agreement: 'Sign the facility agreement',
  deposit: 'Pay the deposit',
  questionnaire: 'Send the pre-arrival questionnaire',
  insurance: 'Upload the liability insurance certificate',
  balance: 'Pay the balance',
};

/** Whether an open item's reminder is due: from `reminderDays` before its due day on (overdue included). */
export const reminderDue = (item: ChecklistItem, today: DayKey, reminderDays: number) =>
  !item.done && item.dueDate !== null && today >= addDays(item.dueDate, -reminderDays);

/** Whether an item is open past its due day. */
export const isOverdue = (item: ChecklistItem, today: DayKey) =>
  !item.done && item.dueDate !== null && item.dueDate < today;
