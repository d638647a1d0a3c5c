import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../testing/pdf-text.js';
import { loadOnePagePdf, samplePaperHead } from '../testing/reservation-paper.js';
import { renderCreditNote, type CreditNoteData } from './credit-note.js';
import { wrapText } from './layout.js';

const sample = (patch: Partial<CreditNoteData> = {}): CreditNoteData => ({
  ...samplePaperHead,
  paidAmount: '$450.00',
  refundAmount: '$225.00',
  reason: 'Cancelled 20 days before arrival: 50% refunded',
  refundReference: 're_0123456789abcdef',
  provider: 'stripe',
  refundedAt: new Date('2030-02-18T12:00:00.000Z'),
  ...patch,
});

describe('renderCreditNote', () => {
  it('makes a one-page A4 PDF titled "Credit note" whose text a PDF reader extracts', async () => {
    const pdf = await renderCreditNote(sample());
    const doc = await loadOnePagePdf(pdf);
    const { width, height } = doc.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
    expect(doc.getTitle()).toBe('Credit note for reservation 42');

    const text = await pdfText(pdf);
    expect(text).toContain('Cedar Creek Retreat House');
    expect(text).toContain('Credit note');
    expect(text).toMatch(/Reservation ID:\s+42\b/);
    expect(text).toMatch(/Account:\s+St\. Mark Parish/);
    expect(text).toMatch(/Event:\s+Spring retreat/);
    expect(text).toContain('2030-03-10 to 2030-03-12');
    expect(text).toMatch(/Amount paid:\s+\$450\.00/);
    expect(text).toMatch(/Amount refunded:\s+\$225\.00/);
    expect(text).toMatch(/Reason:\s+Cancelled 20 days before arrival: 50% refunded/);
    expect(text).toMatch(/Refund reference:\s+re_0123456789abcdef/);
    expect(text).toMatch(/Refunded with:\s+stripe/);
    expect(text).toMatch(/Refund date:\s+2030-02-18/);
    // A credit note is not a receipt.
    expect(text).not.toContain('Payment receipt');
  });

  it('leaves out the reason line when no reason was recorded', async () => {
    const text = await pdfText(await renderCreditNote(sample({ reason: null })));
    expect(text).not.toContain('Reason:');
    expect(text).toMatch(/Amount refunded:\s+\$225\.00/);
  });

  it('wraps a long reason over several lines on the one page', async () => {
    const reason = `${'The retreat was moved to the autumn by the diocese. '.repeat(4)}Final words.`;
    const pdf = await renderCreditNote(sample({ reason }));
    await loadOnePagePdf(pdf);
    const text = await pdfText(pdf);
    expect(text).toMatch(/Final\s+words\./);
    const reasonLines = text.split('\n').filter((l) => /diocese|Final|words/.test(l));
    expect(reasonLines.length).toBeGreaterThan(1);
    // Every row after the reason is still there.
    expect(text).toMatch(/Refund reference:\s+re_0123456789abcdef/);
  });

  it('does not throw on text no font can draw, nor on very long values', async () => {
    const pdf = await renderCreditNote(
      sample({
        facilityName: 'Дом отдыха 🏠',
        accountName: '教会 Ünïcödé',
        reason: `Событие 🎉 ${'x'.repeat(5000)}`,
        refundReference: 'ref\u0000\u202E\n',
        eventName: 'y'.repeat(5000),
      }),
    );
    await loadOnePagePdf(pdf);
    const text = await pdfText(pdf);
    expect(text).toMatch(/Reservation ID:\s+42\b/);
    expect(text).toContain('Ünïcödé');
    expect(text).toContain('?');
    expect(text).toMatch(/Amount refunded:\s+\$225\.00/);
  });
});

describe('wrapText (the page layout the receipt uses too)', () => {
  it('breaks at spaces, keeps every line within the width, and marks what it left out', async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    const width = 200;
    const short = wrapText(font, 12, 'A short line', width, 2);
    expect(short).toEqual(['A short line']);

    const words = 'one two three four five six seven eight nine ten eleven twelve'.repeat(3);
    const lines = wrapText(font, 12, words, width, 3);
    expect(lines).toHaveLength(3);
    for (const l of lines) expect(font.widthOfTextAtSize(l, 12)).toBeLessThanOrEqual(width);
    expect(lines[2]).toMatch(/…$/);

    const unbroken = wrapText(font, 12, 'x'.repeat(1000), width, 2);
    expect(unbroken).toHaveLength(2);
    for (const l of unbroken) expect(font.widthOfTextAtSize(l, 12)).toBeLessThanOrEqual(width);

    expect(wrapText(font, 12, '', width, 2)).toEqual(['']);
  });
});
