import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { embedFontStack } from './font-stack.js';
import { fontkitForPdfLib } from './fonts.js';
import { wrapText } from './layout.js';

async function stackFor(texts: string[]) {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkitForPdfLib);
  return embedFontStack(pdf, texts, 'regular');
}

describe('a font stack', () => {
  it('draws each run of text with the first font that has its characters', async () => {
    const stack = await stackFor(['서울 교회']);
    const runs = stack.runs('St. Mark 서울 교회, Άγιος');
    expect(runs.map((r) => r.text)).toEqual(['St. Mark ', '서울 교회', ', Άγιος']);
    expect(runs[0]!.font).toBe(runs[2]!.font);
    expect(runs[1]!.font).not.toBe(runs[0]!.font);
    // Without Hangul in the document, one font draws everything.
    const latin = await stackFor(['Свято-Троицкий']);
    expect(latin.runs('Свято-Троицкий Άγιος')).toHaveLength(1);
  });

  it('measures text with the fonts that draw it', async () => {
    const stack = await stackFor(['서울 교회']);
    const [sans, kr] = [stack.runs('a')[0]!.font, stack.runs('서')[0]!.font];
    const text = 'Seoul 서울 교회';
    const width = stack.widthOfTextAtSize(text, 12);
    expect(width).toBeCloseTo(
      sans.widthOfTextAtSize('Seoul ', 12) + kr.widthOfTextAtSize('서울 교회', 12),
      6,
    );
    // Noto Sans alone would measure its empty box for each Hangul syllable.
    expect(width).not.toBeCloseTo(sans.widthOfTextAtSize(text, 12), 1);
  });

  it('wraps text of several scripts within the width, measured with the fonts used', async () => {
    const text = '서울 교회 Свято-Троицкий Άγιος Νικόλαος Église Saint-Éloi '.repeat(6);
    const stack = await stackFor([text]);
    const lines = wrapText(stack, 12, stack.printable(text), 200, 20);
    expect(lines.length).toBeGreaterThan(5);
    for (const line of lines) expect(stack.widthOfTextAtSize(line, 12)).toBeLessThanOrEqual(200);
    expect(lines.join(' ')).toBe(text.trim());
  });

  it('prints "?" for what no font has, and for control characters, and keeps the rest', async () => {
    const stack = await stackFor(['서울']);
    expect(stack.printable('서울 🎉 Άγιος')).toBe('서울 ? Άγιος');
    expect(stack.printable('ref\u0000\u202E\u0007x\uE000')).toBe('ref???x?');
    // Line breaks are left for the wrapping to turn into spaces.
    expect(stack.printable('a\nb')).toBe('a\nb');
    // Letters written with a combining accent are drawn as the one letter.
    expect(stack.printable('E\u0301glise')).toBe('Église');
  });
});
