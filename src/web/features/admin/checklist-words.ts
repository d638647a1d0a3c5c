/**
 * A stay's checklist in words for the dashboard (docs/stays.md, "The
 * checklist"): each item is done, to do, or overdue once its due day has
 * passed, named as a thing ("the questionnaire") rather than as a task.
 */
import type { DayKey } from '../../../shared/dates.js';
import type { ChecklistItem, ChecklistItemName } from '../../../shared/schemas/questionnaire.js';
import { isOverdue } from '../../../shared/stay-checklist.js';

export const ITEM_NAMES: Record<ChecklistItemName, string> = {
  agreement: 'facility agreement',
  deposit: 'deposit',
  questionnaire: 'questionnaire',
  insurance: 'insurance certificate',
  balance: 'balance',
};

export type ItemState = 'Done' | 'To do' | 'Overdue';

/** As the stay page says it: overdue only once the due day is over, never on it. */
export function itemState(item: ChecklistItem, today: DayKey): ItemState {
  if (item.done) return 'Done';
  if (isOverdue(item, today)) return 'Overdue';
  return 'To do';
}

export const itemsIn = (items: readonly ChecklistItem[], state: ItemState, today: DayKey) =>
  items.filter((i) => itemState(i, today) === state);

const names = (items: readonly ChecklistItem[]) => items.map((i) => ITEM_NAMES[i.item]).join(', ');

/** "3 of 5 done; to do: insurance certificate; overdue: questionnaire, balance". */
export function checklistSummary(items: readonly ChecklistItem[], today: DayKey): string {
  if (items.length === 0) return 'The house asks nothing of this stay.';
  const done = items.filter((i) => i.done).length;
  const parts = [`${done} of ${items.length} done`];
  const toDo = itemsIn(items, 'To do', today);
  const overdue = itemsIn(items, 'Overdue', today);
  if (toDo.length > 0) parts.push(`to do: ${names(toDo)}`);
  if (overdue.length > 0) parts.push(`overdue: ${names(overdue)}`);
  return parts.join('; ');
}
