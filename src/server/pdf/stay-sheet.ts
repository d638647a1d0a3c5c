import {
  ANSWERS_WORDS,
  type DietCounts,
  type KitchenDay,
  type KitchenStay,
} from '../../shared/schemas/operations.js';
import { dietList, guestsInWords, mealsTable, notes } from './kitchen-sheet.js';
import { createPaperDocument } from './layout.js';
import { table } from './table.js';

export interface StaySheetData {
  facilityName: string;
  reservationId: number;
  eventName: string;
  accountName: string | null;
  contactName: string;
  contactEmail: string;
  contactPhone: string | null;
  firstDay: string;
  lastDay: string;
  guests: number;
  finalCount: boolean;
  /** Where the diets, rooming and arrival time come from (a draft may change). */
  answers: KitchenStay['answers'];
  mealPlan: string | null;
  days: KitchenDay[];
  diets: DietCounts;
  dietNotes: string;
  rooming: { room: string; names: string[] }[];
  arrivalTime: string | null;
  setup: string;
  createdAt: Date;
}

/**
 * One stay for the kitchen and housekeeping (docs/house-operations.md): who
 * comes and whom to call, the meals of each day and the diets, who sleeps in
 * which room, and how the rooms are to be set up.
 */
export async function renderStaySheet(data: StaySheetData): Promise<Buffer> {
  const doc = await createPaperDocument({
    title: `Stay sheet for reservation ${data.reservationId}`,
    author: data.facilityName,
    createdAt: data.createdAt,
  });
  doc.line(data.facilityName, { bold: true, size: 20, gap: 30 });
  doc.line('Stay sheet', { bold: true, size: 16, gap: 32 });
  doc.row('Event', data.eventName);
  doc.row('Church', data.accountName ?? '—');
  doc.row('Reservation ID', String(data.reservationId));
  doc.row('Contact', data.contactName);
  doc.row('Email', data.contactEmail);
  doc.row('Phone', data.contactPhone ?? 'Not given');
  doc.row('Dates', `${data.firstDay} to ${data.lastDay}`);
  doc.row('Guests', guestsInWords(data.guests, data.finalCount));
  doc.row('Meal plan', data.mealPlan ?? 'No meals');
  doc.row('Questionnaire', ANSWERS_WORDS[data.answers]);
  doc.row('Arrival time', data.arrivalTime ?? 'Not given yet');
  doc.row('Printed', data.createdAt.toISOString().slice(0, 10));

  doc.space(6);
  doc.line('Meals', { bold: true, size: 14, gap: 24 });
  doc.block(mealsTable(data.days));
  doc.row('Diets', dietList(data.diets).join(', ') || 'None', { maxLines: 3 });
  notes(doc, 'Diet notes', data.dietNotes, 'None');

  doc.space(6);
  doc.line('Rooming list', { bold: true, size: 14, gap: 24 });
  const rooms = data.rooming.filter((r) => r.names.length > 0);
  if (rooms.length === 0) doc.paragraph('No rooming list yet.');
  else
    doc.block(
      table(
        [{ header: 'Room', width: 150 }, { header: 'Names' }],
        rooms.map((r) => [r.room, r.names]),
      ),
    );

  doc.space(6);
  notes(doc, 'Set-up', data.setup, 'No set-up notes.');
  return doc.save();
}
