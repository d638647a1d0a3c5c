import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../testing/pdf-text.js';
import { loadOnePagePdf, samplePaperHead } from '../testing/reservation-paper.js';
import { renderCreditNote, type CreditNoteData } from './credit-note.js';
import { renderReceipt, type ReceiptData } from './receipt.js';

const receipt = (patch: Partial<ReceiptData> = {}): ReceiptData => ({
  ...samplePaperHead,
  dayCount: 3,
  dailyRate: '$150.00',
  part: 'Payment in full',
  priceAmount: '$450.00',
  amount: '$450.00',
  paymentReference: 'sbx_0123456789abcdef',
  provider: 'sandbox',
  paidAt: new Date('2030-03-01T12:00:00.000Z'),
  ...patch,
});

const creditNote = (patch: Partial<CreditNoteData> = {}): CreditNoteData => ({
  ...samplePaperHead,
  paidAmount: '$450.00',
  refundAmount: '$225.00',
  reason: 'Cancelled 20 days before arrival: 50% refunded',
  refundReference: 're_0123456789abcdef',
  provider: 'stripe',
  refundedAt: new Date('2030-02-18T12:00:00.000Z'),
  ...patch,
});

/** What poppler says while drawing the page: nothing, when every embedded font is sound. */
function renderingComplaints(pdf: Buffer): string {
  const run = spawnSync('/usr/bin/pdftoppm', ['-r', '20', '-gray', '-'], { input: pdf });
  expect(run.status).toBe(0);
  expect(run.stdout.length).toBeGreaterThan(0);
  return run.stderr.toString();
}

/** The fonts embedded in `pdf`, by name without pdf-lib's suffix. */
function embeddedFonts(pdf: Buffer): string[] {
  const run = spawnSync('/usr/bin/pdffonts', ['-'], { input: pdf });
  const rows = run.stdout.toString().split('\n').slice(2).filter(Boolean);
  return rows.map((row) => row.split(/\s+/)[0]!.replace(/-\d+$/, '')).sort();
}

describe('names in any of the house’s scripts', () => {
  it('print on a receipt as written, and read back so', async () => {
    const pdf = await renderReceipt(
      receipt({
        facilityName: '서울 수련원',
        accountName: 'Église Saint-Éloi',
        eventName: 'Свято-Троицкий — Άγιος Νικόλαος',
      }),
    );
    await loadOnePagePdf(pdf);
    const text = await pdfText(pdf);
    expect(text).toContain('서울 수련원');
    expect(text).toMatch(/Account:\s+Église Saint-Éloi\n/);
    expect(text).toMatch(/Event:\s+Свято-Троицкий — Άγιος Νικόλαος\n/);
    expect(text).toMatch(/Amount paid:\s+\$450\.00/);
    expect(embeddedFonts(pdf)).toEqual(['NotoSans-Bold', 'NotoSans-Regular', 'NotoSansKR-Bold']);
    expect(renderingComplaints(pdf)).toBe('');
    expect(pdf.length).toBeLessThan(300_000);
  });

  it('print on a credit note as written, a long Korean reason wrapped', async () => {
    const pdf = await renderCreditNote(
      creditNote({
        accountName: '서울 교회',
        eventName: 'Άγιος Νικόλαος',
        reason: `${'서울 교회 수련회 취소, '.repeat(12)}끝.`,
        refundReference: 'Свято-Троицкий',
      }),
    );
    await loadOnePagePdf(pdf);
    const text = await pdfText(pdf);
    expect(text).toMatch(/Account:\s+서울 교회\n/);
    expect(text).toMatch(/Event:\s+Άγιος Νικόλαος\n/);
    expect(text).toMatch(/Refund reference:\s+Свято-Троицкий\n/);
    const reasonLines = text.split('\n').filter((l) => l.includes('수련회'));
    expect(reasonLines.length).toBeGreaterThan(1);
    expect(text).toContain('끝.');
    expect(embeddedFonts(pdf)).toEqual(['NotoSans-Bold', 'NotoSans-Regular', 'NotoSansKR-Regular']);
    expect(renderingComplaints(pdf)).toBe('');
    expect(pdf.length).toBeLessThan(300_000);
  });

  it('in Latin letters alone embed Noto Sans alone, and stay small', async () => {
    const pdf = await renderReceipt(receipt({ accountName: 'Église Saint-Éloi' }));
    expect(embeddedFonts(pdf)).toEqual(['NotoSans-Bold', 'NotoSans-Regular']);
    expect(renderingComplaints(pdf)).toBe('');
    expect(pdf.length).toBeLessThan(40_000);
  });

  it('print "?" for what no font has, an emoji or a private character, without failing', async () => {
    const pdf = await renderReceipt(
      receipt({ accountName: 'Église 🎉 Saint-Éloi', eventName: '서울 \uE000 교회 👍🏽' }),
    );
    const text = await pdfText(pdf);
    expect(text).toMatch(/Account:\s+Église \? Saint-Éloi\n/);
    expect(text).toMatch(/Event:\s+서울 \? 교회 \?\?\n/);
    expect(renderingComplaints(pdf)).toBe('');
  });
});
