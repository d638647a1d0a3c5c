// The printable sheets through the API (docs/house-operations.md): the
// kitchen's range and one stay's sheet, read back by a PDF reader, with the
// churches' and guests' names as written.
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../testing/pdf-text.js';
import { useOperationsHouse } from './operations.testing.js';

const { people, stay, setStatus, day } = useOperationsHouse();

const pdfOf = async (res: {
  statusCode: number;
  body: string;
  rawPayload: Buffer;
  headers: Record<string, unknown>;
}) => {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return pdfText(res.rawPayload);
};

describe('the kitchen and stay sheets', () => {
  it('print the kitchen’s days and a stay’s rooming list, names as written', async () => {
    const { admin, minjun } = await people();
    const [d0, d1, d2] = [20, 21, 22].map(day);
    const id = await stay(minjun, d0!, d2!, { guests: 18, name: '청년부 수련회' });
    await setStatus(admin, id, 'approved');
    const put = await admin.put(`/api/reservations/${id}/questionnaire`, {
      diets: { vegetarian: 2, nutAllergy: 1 },
      dietNotes: '서지민 cannot eat peanuts.',
      rooming: [
        { roomId: 'cedar', names: ['서지민', 'Éloïse Martin'] },
        { roomId: 'oak', names: ['Anna Lindqvist'] },
      ],
      arrivalTime: '16:30',
      setup: 'Chairs in a circle, a piano.',
    });
    expect(put.statusCode, put.body).toBe(200);

    const kitchen = await pdfOf(await admin.get(`/api/admin/kitchen.pdf?from=${d0}&to=${d2}`));
    const dayLines = kitchen.split('\n').filter((l) => /^\s*\d{4}-\d{2}-\d{2}/.test(l));
    expect(dayLines.map((l) => l.trim().split(/\s+/).slice(0, 4))).toEqual([
      [d0, '0', '0', '18'],
      [d1, '18', '18', '18'],
      [d2, '18', '18', '0'],
    ]);
    expect(kitchen).toContain('서울 교회');
    expect(kitchen).toContain('청년부 수련회');
    expect(kitchen).toContain('Vegetarian 2');

    const sheet = await pdfOf(await admin.get(`/api/admin/stays/${id}/sheet.pdf`));
    for (const text of [
      'Stay sheet',
      '청년부 수련회',
      '서울 교회',
      'minjun@example.org',
      '16:30',
      'Cedar Room',
      '서지민, Éloïse Martin',
      'Oak Room',
      'Anna Lindqvist',
      'Chairs in a circle, a piano.',
      '서지민 cannot eat peanuts.',
    ])
      expect(sheet).toContain(text);
    expect(sheet.split('\n').some((l) => l.trim().startsWith(`${d1} `))).toBe(true);
  });

  it('answers 404 for a stay that does not exist and 400 for a bad range', async () => {
    const { admin } = await people();
    expect((await admin.get('/api/admin/stays/999999/sheet.pdf')).statusCode).toBe(404);
    const res = await admin.get('/api/admin/kitchen.pdf?from=2030-01-02&to=2030-01-01');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
  });
});
