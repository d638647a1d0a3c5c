import { create } from 'fontkit';
import { describe, expect, it, vi } from 'vitest';
import { facesFor, fontkitForPdfLib } from './fonts.js';

type PdfLibFont = ReturnType<typeof fontkitForPdfLib.create>;

/** What pdf-lib embeds: the subset of `font` holding the glyphs of `text`, and their ids in it. */
async function subsetOf(font: PdfLibFont, text: string) {
  const glyphs = font.layout(text).glyphs;
  const subset = font.createSubset();
  const ids = glyphs.map((g) => subset.includeGlyph(g));
  const parts: Uint8Array[] = [];
  await new Promise((resolve) =>
    subset
      .encodeStream()
      .on('data', (bytes) => parts.push(bytes))
      .on('end', resolve),
  );
  return { glyphs, ids, bytes: Buffer.concat(parts) };
}

describe('the faces a text needs', () => {
  it('is Noto Sans alone for Latin, Cyrillic and Greek, with Noto Sans KR for Hangul and Han', async () => {
    const latin = await facesFor(
      ['Église Saint-Éloi', 'Свято-Троицкий', 'Άγιος Νικόλαος'],
      'regular',
    );
    expect(latin).toHaveLength(1);
    const korean = await facesFor(['St. Mark', '서울 교회'], 'regular');
    expect(korean).toHaveLength(2);
    expect(korean[0]).toBe(latin[0]);
    expect(await facesFor(['教会'], 'bold')).toHaveLength(2);
    // A character no face has adds none.
    expect(await facesFor(['Retreat 🎉 \uE000'], 'regular')).toHaveLength(1);
  });

  it('reads and parses each font file once per process', async () => {
    const [first] = await facesFor(['a'], 'regular');
    const [again] = await facesFor(['b'], 'regular');
    expect(again).toBe(first);
    expect(fontkitForPdfLib.create(first!.bytes)).toBe(fontkitForPdfLib.create(again!.bytes));
  });

  it('reads Noto Sans KR only when a text needs it', async () => {
    vi.resetModules();
    const fonts = await import('./fonts.js');
    const { renderReceipt } = await import('./receipt.js');
    const { samplePaperHead } = await import('../testing/reservation-paper.js');
    const receipt = {
      ...samplePaperHead,
      dayCount: 3,
      dailyRate: '$150.00',
      part: 'Payment in full',
      priceAmount: '$450.00',
      amount: '$450.00',
      paymentReference: 'sbx_1',
      provider: 'sandbox',
      paidAt: new Date('2030-03-01T12:00:00.000Z'),
    };
    await renderReceipt({ ...receipt, accountName: 'Свято-Троицкий' });
    expect(fonts.facesInMemory().sort()).toEqual(['sans-bold', 'sans-regular']);
    await renderReceipt({ ...receipt, accountName: '서울 교회' });
    expect(fonts.facesInMemory()).toContain('cjk-regular');
    expect(fonts.facesInMemory()).not.toContain('cjk-bold');
  });
});

describe('the subsets pdf-lib embeds', () => {
  it('keep every glyph of the text as the font draws it', async () => {
    const text = 'Église Saint-Éloi Свято-Троицкий Άγιος Νικόλαος office';
    for (const weight of ['regular', 'bold'] as const) {
      const [sans] = await facesFor([text], weight);
      const font = fontkitForPdfLib.create(sans!.bytes);
      const { glyphs, ids, bytes } = await subsetOf(font, text);
      const back = create(bytes) as unknown as PdfLibFont;
      glyphs.forEach((glyph, i) => {
        const copy = back.getGlyph(ids[i]!);
        const what = `${weight} glyph ${glyph.id} (${String.fromCodePoint(...glyph.codePoints)})`;
        expect(copy.path.cbox, what).toEqual(glyph.path.cbox);
        expect(copy.bbox, what).toEqual(glyph.bbox);
      });
    }
  });
});
