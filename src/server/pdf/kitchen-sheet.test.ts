// The cook's sheet (docs/house-operations.md): a row a day that starts with its
// date, the groups with their names as written, read back with pdftotext.
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { DietCounts, KitchenDay, KitchenStay } from '../../shared/schemas/operations.js';
import { pdfText } from '../testing/pdf-text.js';
import { renderKitchenSheet, type KitchenSheetData } from './kitchen-sheet.js';

const noDiets: DietCounts = { vegetarian: 0, vegan: 0, glutenFree: 0, dairyFree: 0, nutAllergy: 0 };

const day = (date: string, meals: [number, number, number], diets: Partial<DietCounts> = {}) =>
  ({
    date,
    breakfast: meals[0],
    lunch: meals[1],
    dinner: meals[2],
    diets: { ...noDiets, ...diets },
  }) satisfies KitchenDay;

const notes =
  'One guest carries an adrenaline pen for a severe peanut allergy; 서지민 eats no pork and ' +
  'no shellfish; please label the gluten-free bread apart from the rest at every meal.';

const eloi: KitchenStay = {
  id: 42,
  eventName: 'Retraite de printemps',
  accountName: 'Église Saint-Éloi',
  firstDay: '2027-05-14',
  lastDay: '2027-05-16',
  guests: 18,
  finalCount: true,
  answers: 'sent',
  mealPlan: 'Three meals a day',
  arrivalTime: '16:30',
  diets: { ...noDiets, vegetarian: 3, glutenFree: 1 },
  dietNotes: notes,
};

const seoul: KitchenStay = {
  id: 57,
  eventName: '청년부 수련회',
  accountName: '서울 교회',
  firstDay: '2027-05-16',
  lastDay: '2027-05-19',
  guests: 20,
  finalCount: false,
  answers: 'draft',
  mealPlan: 'Breakfast and dinner',
  arrivalTime: null,
  diets: { ...noDiets, vegan: 2, nutAllergy: 1 },
  dietNotes: '',
};

const sample = (patch: Partial<KitchenSheetData> = {}): KitchenSheetData => ({
  facilityName: 'Cedar Creek Retreat House',
  from: '2027-05-14',
  to: '2027-05-20',
  days: [
    day('2027-05-14', [0, 0, 18], { vegetarian: 3, glutenFree: 1 }),
    day('2027-05-15', [18, 18, 18], { vegetarian: 3, glutenFree: 1 }),
    day('2027-05-16', [18, 18, 20], {
      vegetarian: 3,
      vegan: 2,
      glutenFree: 1,
      dairyFree: 0,
      nutAllergy: 1,
    }),
    day('2027-05-17', [20, 0, 20], { vegan: 2, nutAllergy: 1 }),
    day('2027-05-18', [20, 0, 20], { vegan: 2, nutAllergy: 1 }),
    day('2027-05-19', [20, 0, 0], { vegan: 2, nutAllergy: 1 }),
    day('2027-05-20', [0, 0, 0]),
  ],
  stays: [eloi, seoul],
  createdAt: new Date('2027-05-01T08:00:00.000Z'),
  ...patch,
});

/** The lines of `text` that start with a date, as [date, the rest of the line]. */
const dateLines = (text: string) =>
  text
    .split('\n')
    .filter((line) => /^\d{4}-\d{2}-\d{2}\b/.test(line))
    .map((line) => [line.slice(0, 10), line.slice(10).trim()] as const);

/** A day's row after its date: breakfast, lunch and dinner, and the diets when there are any. */
const cells = (rest: string) => {
  const match = /^(\d+)\s+(\d+)\s+(\d+)(?:\s+(\S.*))?$/.exec(rest);
  expect(match, rest).not.toBeNull();
  return match!.slice(1).filter((cell) => cell !== undefined);
};

const oneLine = (text: string) => text.replace(/\s+/g, ' ');

describe('renderKitchenSheet', () => {
  it('gives each day a row that starts with its date, with its meals and diets', async () => {
    const text = await pdfText(await renderKitchenSheet(sample()));
    expect(text).toContain('Kitchen sheet');
    expect(text).toContain('Cedar Creek Retreat House');
    expect(text).toContain('2027-05-14 to 2027-05-20');

    // Only the days' rows start with a date, one for each day, in order.
    const rows = dateLines(text);
    expect(rows.map(([date]) => date)).toEqual(sample().days.map((d) => d.date));
    const rest = Object.fromEntries(rows.map(([date, line]) => [date, cells(line)]));
    expect(rest['2027-05-14']).toEqual(['0', '0', '18', 'Vegetarian 3, Gluten-free 1']);
    expect(rest['2027-05-15']).toEqual(['18', '18', '18', 'Vegetarian 3, Gluten-free 1']);
    expect(rest['2027-05-16']).toEqual([
      '18',
      '18',
      '20',
      'Vegetarian 3, Vegan 2, Gluten-free 1, Nut allergy 1',
    ]);
    expect(rest['2027-05-17']).toEqual(['20', '0', '20', 'Vegan 2, Nut allergy 1']);
    expect(rest['2027-05-19']).toEqual(['20', '0', '0', 'Vegan 2, Nut allergy 1']);
    // A day without meals keeps its row, with zeros and no diets.
    expect(rest['2027-05-20']).toEqual(['0', '0', '0']);
  });

  it('lists each group with its church, guests, meals, arrival, diets and notes', async () => {
    const text = await pdfText(await renderKitchenSheet(sample()));
    expect(text).toContain('Groups');
    expect(text).toContain('Retraite de printemps');
    expect(text).toMatch(/Church:\s+Église Saint-Éloi/);
    expect(text).toMatch(/Dates:\s+2027-05-14 to 2027-05-16/);
    expect(text).toMatch(/Guests:\s+18 guests, final count/);
    expect(text).toMatch(/Meal plan:\s+Three meals a day/);
    expect(text).toMatch(/Arrival time:\s+16:30/);
    expect(text).toMatch(/Diets:\s+Vegetarian 3, Gluten-free 1/);
    // The notes are wrapped over lines, every word kept.
    const notesAt = text.indexOf('One guest carries');
    expect(text.slice(notesAt, notesAt + notes.length + 20)).toContain('\n');
    expect(oneLine(text)).toContain(notes);

    expect(text).toContain('청년부 수련회');
    expect(text).toMatch(/Church:\s+서울 교회/);
    expect(text).toMatch(/Guests:\s+about 20 guests, estimated/);
    expect(text).toMatch(/Meal plan:\s+Breakfast and dinner/);
    expect(text).toMatch(/Diets:\s+Vegan 2, Nut allergy 1/);
    expect(text).toMatch(/Diet notes:\s+None/);
    // The groups come after the days, in the order given.
    expect(text.indexOf('Groups')).toBeGreaterThan(text.indexOf('2027-05-20'));
    expect(text.indexOf('서울 교회')).toBeGreaterThan(text.indexOf('Église Saint-Éloi'));
  });

  it('says so when no group eats at the house in the range', async () => {
    const days = [day('2027-06-01', [0, 0, 0]), day('2027-06-02', [0, 0, 0])];
    const text = await pdfText(
      await renderKitchenSheet(sample({ from: '2027-06-01', to: '2027-06-02', days, stays: [] })),
    );
    expect(dateLines(text).map(([date, line]) => [date, ...cells(line)])).toEqual([
      ['2027-06-01', '0', '0', '0'],
      ['2027-06-02', '0', '0', '0'],
    ]);
    expect(text).toContain('No group eats at the house on these days.');
  });

  it('goes on over several pages for a year, every date in its row, the header on each page', async () => {
    const dates = Array.from({ length: 366 }, (_, i) =>
      new Date(Date.UTC(2028, 0, 1 + i)).toISOString().slice(0, 10),
    );
    expect(dates.at(-1)).toBe('2028-12-31');
    const days = dates.map((date, i) =>
      day(date, [i % 40, (i * 7) % 45, 100 + (i % 60)], i % 5 === 0 ? { vegan: 1 + (i % 4) } : {}),
    );
    const pdf = await renderKitchenSheet(
      sample({ from: dates[0]!, to: dates.at(-1)!, days, stays: [eloi] }),
    );
    const pages = (await PDFDocument.load(pdf)).getPageCount();
    expect(pages).toBeGreaterThan(1);

    const text = await pdfText(pdf);
    const rows = dateLines(text);
    expect(rows.map(([date]) => date)).toEqual(dates);
    rows.forEach(([, line], i) => {
      const vegan = i % 5 === 0 ? [`Vegan ${1 + (i % 4)}`] : [];
      expect(cells(line)).toEqual([
        String(i % 40),
        String((i * 7) % 45),
        String(100 + (i % 60)),
        ...vegan,
      ]);
    });
    // pdftotext ends each page with a form feed; each page of days starts with the header.
    const pagesWithDays = text.split('\f').filter((page) => dateLines(page).length > 0);
    expect(pagesWithDays.length).toBeGreaterThan(1);
    for (const page of pagesWithDays)
      expect(page).toMatch(/^Date\s+Breakfast\s+Lunch\s+Dinner\s+Diets$/m);
    expect(text).toContain('Église Saint-Éloi');
  });
});
