/**
 * The insurance certificates and the documents on the stay page: whether a
 * certificate covers the stay, the upload of a new one (kind=insurance with
 * its last valid day), and the stay's own records.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { GIVE_EXPIRY } from '@/components/DocumentUploadForm.js';
import { expectFieldError } from '@/components/forms/forms.testing.js';
import { callsTo, region } from '@/test/utils.js';
import { documentOf, NOW, openStayPage, stayServer } from '../stay.testing.js';

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
});

const pdf = () =>
  new File([new Uint8Array(300).fill(37)], 'policy-2027.pdf', { type: 'application/pdf' });

describe('the insurance and the documents of a stay', () => {
  it('says the latest certificate ends too soon, and takes a new one with its last valid day', async () => {
    const { fetchMock, state } = stayServer(
      {
        documents: [
          documentOf(1, {
            kind: 'insurance',
            fileName: 'policy-2026.pdf',
            description: 'Liability insurance 2026',
            expiresOn: '2027-05-31',
          }),
        ],
      },
      {
        routes: {
          'POST /api/documents/upload': (req) => {
            const form = req.body as FormData;
            const created = documentOf(2, {
              kind: 'insurance',
              fileName: 'policy-2027.pdf',
              description: String(form.get('description')),
              expiresOn: String(form.get('expiresOn')),
            });
            state.documents.push(created);
            return { status: 201, body: { message: 'Document uploaded.', document: created } };
          },
        },
      },
    );
    await openStayPage();
    const insurance = region('Insurance');
    expect(
      await within(insurance).findByText(
        'Not covered yet: the latest certificate is valid until Monday, May 31, 2027, before the stay ends on Thursday, June 17, 2027. Please upload the renewed certificate.',
      ),
    ).toBeVisible();
    expect(
      within(insurance).getByText('Valid until Monday, May 31, 2027: ends before this stay does.'),
    ).toBeVisible();

    const upload = within(insurance).getByRole('region', { name: 'Upload a certificate' });
    await userEvent.upload(upload.querySelector<HTMLInputElement>('input[type="file"]')!, pdf());
    await userEvent.type(
      within(upload).getByRole('textbox', { name: /Description/ }),
      'Policy 2027',
    );
    const expiry = within(upload).getByLabelText(/^Valid until/);
    await userEvent.click(within(upload).getByRole('button', { name: 'Upload certificate' }));
    expectFieldError(expiry, GIVE_EXPIRY);
    expect(callsTo(fetchMock, 'POST /api/documents/upload')).toHaveLength(0);

    fireEvent.change(expiry, { target: { value: '2027-12-31' } });
    await userEvent.click(within(upload).getByRole('button', { name: 'Upload certificate' }));
    expect(
      await within(insurance).findByText(
        'Covered: a certificate valid until Friday, December 31, 2027 covers this stay, which ends on Thursday, June 17, 2027.',
      ),
    ).toBeVisible();
    const sent = callsTo(fetchMock, 'POST /api/documents/upload')[0]!.body as FormData;
    expect(
      Object.fromEntries([...sent.entries()].filter(([key]) => key !== 'documentFile')),
    ).toEqual({ description: 'Policy 2027', kind: 'insurance', expiresOn: '2027-12-31' });
    // The checklist's insurance item may be done now: it is asked again.
    expect(callsTo(fetchMock, 'GET /api/reservations/7/checklist').length).toBeGreaterThan(1);
  });

  it("lists the stay's own records with their kind, and nothing of other stays", async () => {
    stayServer({
      documents: [
        documentOf(3, {
          kind: 'invoice',
          description: 'Invoice 7-1 for "Youth retreat" - Reservation ID: 7',
          reservationId: 7,
          createdAt: '2027-02-10T12:00:00.000Z',
        }),
        documentOf(4, {
          kind: 'receipt',
          fileName: 'receipt-7.pdf',
          description: 'Payment receipt for "Youth retreat" - Reservation ID: 7',
          reservationId: 7,
          createdAt: '2027-02-12T12:00:00.000Z',
        }),
        documentOf(5, { description: 'Floor plan' }),
        documentOf(6, { kind: 'receipt', description: 'Reservation ID: 70', reservationId: 70 }),
      ],
    });
    await openStayPage();
    const documents = region('Documents');
    const items = await within(documents).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'InvoiceInvoice 7-1 for "Youth retreat" - Reservation ID: 7Added on Feb 10, 2027Download',
      'ReceiptPayment receipt for "Youth retreat" - Reservation ID: 7Added on Feb 12, 2027Download',
    ]);
    expect(within(documents).getByRole('button', { name: 'Download receipt-7.pdf' })).toBeVisible();
    expect(screen.queryByText('Floor plan')).toBeNull();
  });
});
