import { describe, expect, it } from 'vitest';
import { memberWithAccount, reserveDays, useTestApp } from '../testing/harness.js';
import { pdfText } from '../testing/pdf-text.js';
import { loadOnePagePdf, samplePaperHead } from '../testing/reservation-paper.js';
import { goodCard } from '../testing/sandbox-checkout.js';
import { renderReceipt, type ReceiptData } from './receipt.js';

const t = useTestApp({ FACILITY_TIMEZONE: 'America/Chicago' });

const sample = (patch: Partial<ReceiptData> = {}): ReceiptData => ({
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

describe('renderReceipt (unit)', () => {
  it('makes a one-page PDF whose text a PDF reader extracts', async () => {
    const pdf = await renderReceipt(sample());
    const doc = await loadOnePagePdf(pdf);
    expect(doc.getTitle()).toContain('42');
    const text = await pdfText(pdf);
    expect(text).toContain('Cedar Creek Retreat House');
    expect(text).toMatch(/Reservation ID:\s+42\b/);
    expect(text).toContain('2030-03-10 to 2030-03-12');
    expect(text).toMatch(/Amount paid:\s+\$450\.00/);
    expect(text).toMatch(/Daily rate:\s+\$150\.00/);
    expect(text).toMatch(/Days:\s+3\b/);
    expect(text).toContain('St. Mark Parish');
    expect(text).toContain('Spring retreat');
    expect(text).toContain('sbx_0123456789abcdef');
    expect(text).toContain('2030-03-01');
  });

  it('does not throw on text no font can draw, and keeps the rest readable', async () => {
    const pdf = await renderReceipt(
      sample({
        facilityName: 'Дом отдыха 🏠',
        accountName: '教会 Ünïcödé',
        eventName: 'Событие 🎉',
        paymentReference: 'ref\u0000\u202E\n',
      }),
    );
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf);
    expect(text).toMatch(/Reservation ID:\s+42\b/);
    expect(text).toContain('2030-03-10 to 2030-03-12');
    expect(text).toContain('$450.00');
    // What the fonts have prints as written; the rest is replaced, not dropped silently.
    expect(text).toContain('教会 Ünïcödé');
    expect(text).toContain('Событие ?');
    expect(text).toMatch(/Payment reference:\s+ref\?\?\n/);
  });

  it('does not throw on very long values', async () => {
    const pdf = await renderReceipt(
      sample({ eventName: 'x'.repeat(5000), accountName: 'y'.repeat(5000) }),
    );
    await loadOnePagePdf(pdf);
  });
});

describe('the receipt of a real payment', () => {
  it('opens in a PDF reader and shows the reservation id, the dates and the amount', async () => {
    const { client } = await memberWithAccount(t, 'anna', 'anna@example.org', {
      accountName: 'St. Mark Parish',
    });
    const { id, first, last } = await reserveDays(t, client, 14, 3, 'Spring retreat');

    // The member opens the payment: the sandbox's frame carries a token made for them.
    const checkout = await client.post(`/api/payments/${id}/checkout`);
    expect(checkout.statusCode, checkout.body).toBe(200);
    const frame = checkout.json() as { kind: string; url: string };
    expect(frame.kind).toBe('frame');
    const token = new URL(frame.url, 'http://site.test').searchParams.get('token');
    expect(token).toBeTruthy();

    // The card form posts the charge as that member, with the session's CSRF header.
    const charged = await client.post('/pay/sandbox/charge', goodCard(token!));
    expect(charged.statusCode, charged.body).toBe(200);

    // The member finds the receipt among the account's documents and opens it.
    const docs = (await client.get('/api/documents')).json() as {
      id: number;
      description: string;
    }[];
    const receipt = docs.find((d) => d.description.includes(`Reservation ID: ${id}`));
    expect(receipt).toBeDefined();
    const link = (
      await client.get(`/api/documents/${receipt!.id}/download?disposition=inline`)
    ).json() as { downloadUrl: string };
    const file = await t.app.inject({ method: 'GET', url: link.downloadUrl });
    expect(file.statusCode).toBe(200);
    const bytes = Buffer.from(file.rawPayload);

    const text = await pdfText(bytes);
    expect(text).toMatch(new RegExp(`Reservation ID:\\s+${id}\\b`));
    expect(text).toContain(`${first} to ${last}`);
    expect(text).toMatch(/\$450\.00/);
    expect(text).toContain('St. Mark Parish');
    expect(text).toContain('Spring retreat');

    // The mailed copy reads the same.
    const mail = t.mailer.sent.find((m) => m.attachments?.length);
    expect(mail?.to).toBe('anna@example.org');
    expect(await pdfText(mail!.attachments![0]!.content)).toBe(text);
  });
});
