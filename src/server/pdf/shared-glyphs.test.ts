// The faces are parsed once per process and shared by every paper. A letter
// first read as part of an accented one (É is drawn from E) must still be
// read back as itself by the papers after it.
import { describe, expect, it } from 'vitest';
import { pdfText } from '../testing/pdf-text.js';
import { createPaperDocument } from './layout.js';

async function paper(text: string) {
  const doc = await createPaperDocument({ title: 'T', author: 'House', createdAt: new Date() });
  doc.paragraph(text);
  doc.paragraph(text, { bold: true });
  return pdfText(await doc.save());
}

describe('papers drawn one after another', () => {
  it('read back every letter after accented ones were drawn', async () => {
    expect(await paper('Café Élan, Église, Ève, Ôde, Ürs')).toContain('Café Élan, Église');
    const later = await paper('Events are held here: Oak, Urs, Ode.');
    expect(later).toContain('Events are held here: Oak, Urs, Ode.');
    expect(later.split('Events are held here: Oak, Urs, Ode.')).toHaveLength(3);
  });
});
