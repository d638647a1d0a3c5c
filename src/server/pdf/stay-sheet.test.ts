// One stay for the kitchen and housekeeping (docs/house-operations.md): names
// as written, a row a day that starts with its date, the rooming list and the
// notes, read back with pdftotext.
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { DietCounts, KitchenDay } from '../../shared/schemas/operations.js';
import { pdfText } from '../testing/pdf-text.js';
import { renderStaySheet, type StaySheetData } from './stay-sheet.js';

const noDiets: DietCounts = { vegetarian: 0, vegan: 0, glutenFree: 0, dairyFree: 0, nutAllergy: 0 };
const diets: DietCounts = { ...noDiets, vegetarian: 4, dairyFree: 2 };

const day = (date: string, breakfast: number, lunch: number, dinner: number): KitchenDay => ({
  date,
  breakfast,
  lunch,
  dinner,
  diets: breakfast + lunch + dinner > 0 ? diets : noDiets,
});

const dietNotes = 'Two guests eat no dairy at all, not even butter; 서지민 is allergic to sesame.';
const setup =
  'Chairs in a circle in the chapel for 18, a projector in the great hall, and the piano ' +
  'tuned before Saturday evening. The prayer room stays quiet all weekend.';

const sample = (patch: Partial<StaySheetData> = {}): StaySheetData => ({
  facilityName: 'Cedar Creek Retreat House',
  reservationId: 42,
  eventName: 'Retraite de printemps',
  accountName: 'Église Saint-Éloi',
  contactName: '서지민',
  contactEmail: 'jimin.seo@example.org',
  contactPhone: '+1 555 0100',
  firstDay: '2027-05-14',
  lastDay: '2027-05-16',
  guests: 18,
  finalCount: true,
  answers: 'sent',
  mealPlan: 'Three meals a day',
  days: [day('2027-05-14', 0, 0, 18), day('2027-05-15', 18, 18, 18), day('2027-05-16', 18, 0, 0)],
  diets,
  dietNotes,
  rooming: [
    { room: 'Chambre Saint-Éloi', names: ['서지민', 'Éloïse Martin'] },
    { room: 'Room 2', names: ['Anna Kowalska', '김민준', 'Jean-Baptiste Lefèvre'] },
  ],
  arrivalTime: '16:30',
  setup,
  createdAt: new Date('2027-05-01T08:00:00.000Z'),
  ...patch,
});

/** Each line that starts with a date, as [date, the numbers and words after it]. */
const dateRows = (text: string) =>
  text
    .split('\n')
    .filter((line) => /^\d{4}-\d{2}-\d{2}\b/.test(line))
    .map((line) => [line.slice(0, 10), ...line.slice(10).trim().split(/\s+/)]);

const oneLine = (text: string) => text.replace(/\s+/g, ' ');

describe('renderStaySheet', () => {
  it('heads the sheet with the church, the contact, the dates, guests, meals and arrival', async () => {
    const text = await pdfText(await renderStaySheet(sample()));
    expect(text).toContain('Stay sheet');
    expect(text).toContain('Cedar Creek Retreat House');
    expect(text).toMatch(/Event:\s+Retraite de printemps/);
    expect(text).toMatch(/Church:\s+Église Saint-Éloi/);
    expect(text).toMatch(/Reservation ID:\s+42\b/);
    expect(text).toMatch(/Contact:\s+서지민/);
    expect(text).toMatch(/Email:\s+jimin\.seo@example\.org/);
    expect(text).toMatch(/Phone:\s+\+1 555 0100/);
    expect(text).toMatch(/Dates:\s+2027-05-14 to 2027-05-16/);
    expect(text).toMatch(/Guests:\s+18 guests, final count/);
    expect(text).toMatch(/Meal plan:\s+Three meals a day/);
    expect(text).toMatch(/Arrival time:\s+16:30/);
    expect(text).toMatch(/Questionnaire:\s+Sent by the group/);
  });

  it('marks the answers of a draft, which may still change', async () => {
    const text = await pdfText(await renderStaySheet(sample({ answers: 'draft' })));
    expect(text).toMatch(/Questionnaire:\s+Draft, not sent: may still change/);
  });

  it('has a row a day starting with its date, then the diets and their notes', async () => {
    const text = await pdfText(await renderStaySheet(sample()));
    expect(dateRows(text)).toEqual([
      ['2027-05-14', '0', '0', '18', 'Vegetarian', '4,', 'Dairy-free', '2'],
      ['2027-05-15', '18', '18', '18', 'Vegetarian', '4,', 'Dairy-free', '2'],
      ['2027-05-16', '18', '0', '0', 'Vegetarian', '4,', 'Dairy-free', '2'],
    ]);
    expect(text).toMatch(/Diets:\s+Vegetarian 4, Dairy-free 2/);
    expect(oneLine(text)).toContain(dietNotes);
  });

  it('lists each room with its names as written, and the set-up notes', async () => {
    const text = await pdfText(await renderStaySheet(sample()));
    expect(text).toMatch(/^Room\s+Names$/m);
    expect(text).toMatch(/^Chambre Saint-Éloi\s+서지민, Éloïse Martin$/m);
    expect(text).toMatch(/^Room 2\s+Anna Kowalska, 김민준, Jean-Baptiste Lefèvre$/m);
    expect(text).not.toContain('No rooming list yet.');
    expect(oneLine(text)).toContain(setup);
    // Rooming comes after the meals, and the set-up last.
    expect(text.indexOf('Chambre Saint-Éloi')).toBeGreaterThan(text.indexOf('2027-05-16 '));
    expect(text.indexOf('Chairs in a circle')).toBeGreaterThan(text.indexOf('Room 2'));
  });

  it('says what is missing: no rooming list, phone, arrival time, church, diets or notes', async () => {
    const text = await pdfText(
      await renderStaySheet(
        sample({
          rooming: [{ room: 'Room 3', names: [] }],
          contactPhone: null,
          arrivalTime: null,
          accountName: null,
          finalCount: false,
          guests: 25,
          diets: noDiets,
          dietNotes: ' ',
          setup: '',
        }),
      ),
    );
    expect(text).toContain('No rooming list yet.');
    expect(text).not.toContain('Room 3');
    expect(text).toMatch(/Phone:\s+Not given/);
    expect(text).toMatch(/Arrival time:\s+Not given yet/);
    expect(text).toMatch(/Church:\s+—/);
    expect(text).toMatch(/Guests:\s+about 25 guests, estimated/);
    expect(text).toMatch(/Diets:\s+None/);
    expect(text).toMatch(/Diet notes:\s+None/);
    expect(text).toMatch(/Set-up:\s+No set-up notes\./);
  });

  it('goes on over a second page for a long stay, the meals header again on top', async () => {
    const dates = Array.from({ length: 40 }, (_, i) =>
      new Date(Date.UTC(2027, 6, 1 + i)).toISOString().slice(0, 10),
    );
    const rooming = Array.from({ length: 12 }, (_, i) => ({
      room: `Room ${i + 1}`,
      names: [`서지민 ${i + 1}`, `Éloïse ${i + 1}`],
    }));
    const pdf = await renderStaySheet(
      sample({
        firstDay: dates[0]!,
        lastDay: dates.at(-1)!,
        days: dates.map((date, i) => day(date, 30 + i, 30, 30)),
        rooming,
      }),
    );
    expect((await PDFDocument.load(pdf)).getPageCount()).toBeGreaterThan(1);
    const text = await pdfText(pdf);
    expect(dateRows(text).map((row) => row.slice(0, 4))).toEqual(
      dates.map((date, i) => [date, String(30 + i), '30', '30']),
    );
    const pages = text.split('\f').filter((page) => dateRows(page).length > 0);
    for (const page of pages) expect(page).toMatch(/^Date\s+Breakfast\s+Lunch\s+Dinner\s+Diets$/m);
    for (const { room, names } of rooming)
      expect(text).toMatch(new RegExp(`^${room}\\s+${names.join(', ')}$`, 'm'));
    expect(oneLine(text)).toContain(setup);
  });

  it('keeps every name of a room too long for one page', async () => {
    const names = Array.from(
      { length: 100 },
      (_, i) => `${String(i + 1).padStart(3, '0')} 서지민 Éloïse Lefèvre-Dupont de la Tour`,
    );
    const pdf = await renderStaySheet(sample({ rooming: [{ room: 'Dortoir', names }] }));
    expect((await PDFDocument.load(pdf)).getPageCount()).toBeGreaterThan(1);
    const text = await pdfText(pdf);
    for (const name of names) expect(oneLine(text)).toContain(name);
    expect(oneLine(text)).toContain(setup);
    // The list goes on from page to page, with no page left with a header alone.
    for (const page of text.split('\f').filter((p) => p.trim() !== ''))
      expect(page).toContain('서지민 Éloïse');
  });
});
