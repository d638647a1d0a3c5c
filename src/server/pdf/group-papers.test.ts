// The group's papers (docs/money.md): the invoice by the final count and the
// signed facility agreement print names as written, Latin with accents and
// Korean alike, and read back with pdftotext.
import { describe, expect, it } from 'vitest';
import { pdfText } from '../testing/pdf-text.js';
import { samplePaperHead } from '../testing/reservation-paper.js';
import { renderAgreement } from './agreement.js';
import { renderInvoice } from './invoice.js';

const head = { ...samplePaperHead, accountName: '서울 교회', eventName: 'Retraite Saint-Éloi' };

describe('the group papers', () => {
  it('an invoice lists its lines, what was paid and what is owed, with a Korean church', async () => {
    const text = await pdfText(
      await renderInvoice({
        ...head,
        number: 2,
        guests: '18 (billed for 18)',
        lines: [
          { label: 'Lodging: 18 guests × 2 nights: 36 × $65.00', amount: '$2,340.00' },
          { label: 'Three meals a day: 18 guests × 3 days: 54 × $35.00', amount: '$1,890.00' },
        ],
        total: '$4,230.00',
        paid: '$1,175.00',
        refunded: '',
        owed: '$3,055.00',
        due: 'by 24 February 2030',
        reason: 'Final count of 18 guests given by 김민준',
        issuedAt: new Date('2030-02-20T09:00:00.000Z'),
      }),
    );
    expect(text).toContain('Invoice 42-2');
    expect(text).toContain('서울 교회');
    expect(text).toContain('Retraite Saint-Éloi');
    expect(text).toContain('Final count of 18 guests given by 김민준');
    expect(text).toMatch(/Total:?\s+\$4,230\.00/);
    expect(text).toMatch(/Owed:?\s+\$3,055\.00/);
    expect(text).toMatch(/Due:?\s+by 24 February 2030/);
  });

  it('a signed agreement carries the text, the signer, the version and the terms', async () => {
    const text = await pdfText(
      await renderAgreement({
        ...head,
        title: 'Facility agreement for group stays',
        version: '2030-1',
        paragraphs: ['The group leaves the house as it found it.'],
        fullName: 'Éloïse 박',
        username: 'eloise',
        acceptedAt: new Date('2030-01-05T10:30:00.000Z'),
        depositTerms: '25% of the price ($1,175.00), not refundable',
        cancellationTerms: '100% back 30 days or more before arrival',
      }),
    );
    for (const words of [
      'Facility agreement for group stays',
      '서울 교회',
      'Éloïse 박',
      '2030-1',
      'leaves the house as it found it',
      '2030-01-05 10:30:00 UTC',
      'not refundable',
    ])
      expect(text).toContain(words);
  });
});
