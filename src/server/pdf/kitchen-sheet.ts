import {
  ANSWERS_WORDS,
  type DietCounts,
  type KitchenDay,
  type KitchenStay,
} from '../../shared/schemas/operations.js';
import { DIETS, DIET_LABELS } from '../../shared/schemas/questionnaire.js';
import { createPaperDocument, type Block, type PaperDocument } from './layout.js';
import { table } from './table.js';

export interface KitchenSheetData {
  facilityName: string;
  from: string;
  to: string;
  days: KitchenDay[];
  stays: KitchenStay[];
  createdAt: Date;
}

/** The diets with someone on them, in words: ["Vegetarian 3", "Gluten-free 1"]. */
export function dietList(diets: DietCounts): string[] {
  return DIETS.filter((d) => diets[d] > 0).map((d) => `${DIET_LABELS[d]} ${diets[d]}`);
}

/** "18 guests, final count", or "about 20 guests, estimated" before the final count. */
export function guestsInWords(guests: number, finalCount: boolean): string {
  const count = `${guests} ${guests === 1 ? 'guest' : 'guests'}`;
  return finalCount ? `${count}, final count` : `about ${count}, estimated`;
}

/**
 * The meals of each day, a row a day that starts with its date (YYYY-MM-DD),
 * so that a day is found by its date on paper and in the text a reader
 * extracts (docs/house-operations.md); a day without meals keeps its row.
 */
export function mealsTable(days: readonly KitchenDay[]): Block {
  return table(
    [
      { header: 'Date', width: 72 },
      { header: 'Breakfast', width: 66, align: 'right' },
      { header: 'Lunch', width: 54, align: 'right' },
      { header: 'Dinner', width: 54, align: 'right' },
      { header: 'Diets' },
    ],
    days.map((day) => [
      day.date,
      String(day.breakfast),
      String(day.lunch),
      String(day.dinner),
      dietList(day.diets),
    ]),
  );
}

/** Notes under a bold label, over the page's width and onto the next page when long. */
export function notes(doc: PaperDocument, label: string, text: string, none: string) {
  if (text.trim() === '') {
    doc.row(label, none);
    return;
  }
  doc.line(`${label}:`, { bold: true, size: 12, gap: 17 });
  doc.paragraph(text.trim());
}

function stayRows(doc: PaperDocument, stay: KitchenStay) {
  doc.line(stay.eventName, { bold: true, size: 13, gap: 22 });
  doc.row('Church', stay.accountName ?? '—');
  doc.row('Reservation ID', String(stay.id));
  doc.row('Dates', `${stay.firstDay} to ${stay.lastDay}`);
  doc.row('Guests', guestsInWords(stay.guests, stay.finalCount));
  doc.row('Meal plan', stay.mealPlan ?? 'No meals');
  doc.row('Questionnaire', ANSWERS_WORDS[stay.answers]);
  doc.row('Arrival time', stay.arrivalTime ?? 'Not given yet');
  doc.row('Diets', dietList(stay.diets).join(', ') || 'None', { maxLines: 3 });
  notes(doc, 'Diet notes', stay.dietNotes, 'None');
  doc.space(8);
}

/**
 * The cook's sheet for a range of days (docs/house-operations.md): the meals
 * of each day with the diets among them, then the groups that eat them, with
 * their counts, arrival times and diet notes.
 */
export async function renderKitchenSheet(data: KitchenSheetData): Promise<Buffer> {
  const doc = await createPaperDocument({
    title: `Kitchen sheet ${data.from} to ${data.to}`,
    author: data.facilityName,
    createdAt: data.createdAt,
  });
  doc.line(data.facilityName, { bold: true, size: 20, gap: 30 });
  doc.line('Kitchen sheet', { bold: true, size: 16, gap: 32 });
  doc.row('Dates', `${data.from} to ${data.to}`);
  doc.row('Printed', data.createdAt.toISOString().slice(0, 10));
  doc.space(6);
  doc.block(mealsTable(data.days));
  doc.space(6);
  doc.line('Groups', { bold: true, size: 16, gap: 28 });
  if (data.stays.length === 0) doc.paragraph('No group eats at the house on these days.');
  for (const stay of data.stays) stayRows(doc, stay);
  return doc.save();
}
