/**
 * Documentation: the account's documents as a table, or as cards on a phone,
 * with the records that cannot be deleted, the empty text and load failures.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../../shared/messages.js';
import { atPhoneWidth, callsTo, findDialog } from '@/test/utils.js';
import { cardFields, headerTexts } from '@/test/screen-texts.js';
import { SITE_TITLE } from '@/test/site-content.js';
import {
  doc,
  documentsServer,
  openPage,
  rowOf,
  sample,
  spyOnLinkClicks,
} from '../documents.testing.js';

/** The table's columns, as docs/product.md §2 names them, with each document's kind. */
const columns = [
  'File Name',
  'Description',
  'Kind',
  'Uploaded By',
  'Upload Date',
  'Size (KB)',
  'Actions',
];

describe('Documentation: list', () => {
  it('shows the columns, the uploader or N/A, the date and the size in KB', async () => {
    documentsServer();
    await openPage();
    const table = await screen.findByRole('table');
    expect(headerTexts(table)).toEqual(columns);
    const cells = (name: string) =>
      within(rowOf(name))
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells('floor-plan.pdf').slice(0, 6)).toEqual([
      'floor-plan.pdf',
      'Room plan',
      'Upload',
      'member',
      'Mar 5, 2031',
      '120.56',
    ]);
    expect(cells('receipt-9.pdf').slice(0, 6)).toEqual([
      'receipt-9.pdf',
      'Payment receipt - Reservation ID: 9',
      'Receipt',
      'N/A',
      'Mar 5, 2031',
      '1.50',
    ]);
    const actions = within(rowOf('floor-plan.pdf')).getAllByRole('button');
    expect(actions.map((b) => b.textContent)).toEqual(['Download', 'Delete']);
    expect(actions.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Download floor-plan.pdf',
      'Delete floor-plan.pdf',
    ]);
    expect(document.title).toBe(`Documentation | ${SITE_TITLE}`);
  });

  it('names each kind and offers no Delete for receipts, credit notes, invoices and signed agreements: they are records', async () => {
    documentsServer([
      ...sample(),
      doc(3, {
        kind: 'credit_note',
        fileName: 'credit-note-9.pdf',
        description: 'Refund credit note - Reservation ID: 9',
        uploader: null,
      }),
      doc(4, {
        kind: 'invoice',
        fileName: 'invoice-reservation-9-1.pdf',
        description: 'Invoice 9-1 for "Choir retreat" - Reservation ID: 9',
        uploader: null,
      }),
      doc(5, {
        kind: 'agreement',
        fileName: 'agreement-reservation-9.pdf',
        description: 'Facility Agreement (version 2026-1) for "Choir retreat" - Reservation ID: 9',
        uploader: null,
      }),
    ]);
    await openPage();
    await screen.findByRole('table');
    const kinds = {
      'receipt-9.pdf': 'Receipt',
      'credit-note-9.pdf': 'Credit note',
      'invoice-reservation-9-1.pdf': 'Invoice',
      'agreement-reservation-9.pdf': 'Signed agreement',
    };
    for (const [name, kind] of Object.entries(kinds)) {
      const row = within(rowOf(name));
      expect(row.getAllByRole('cell')[2]).toHaveTextContent(new RegExp(`^${kind}$`));
      expect(row.getAllByRole('button').map((b) => b.textContent)).toEqual(['Download']);
      expect(row.getByText('Record: kept with your payments')).toBeInTheDocument();
    }
    expect(within(rowOf('floor-plan.pdf')).queryByText(/^Record/)).not.toBeInTheDocument();
  });

  it('says when the account has no documents', async () => {
    documentsServer([]);
    await openPage();
    expect(await screen.findByText('No documents found for this account.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows a list failure with the default text or the server message', async () => {
    documentsServer([], { 'GET /api/documents': { status: 500 } });
    await openPage();
    expect(
      await screen.findByText('Error listing documents: Failed to load documents.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(messages.noDocuments)).not.toBeInTheDocument();
  });

  it('puts the server message after the prefix', async () => {
    documentsServer([], {
      'GET /api/documents': { status: 500, body: { message: 'Storage offline.' } },
    });
    await openPage();
    expect(
      await screen.findByText('Error listing documents: Storage offline.'),
    ).toBeInTheDocument();
  });
});

describe('Documentation on a phone', () => {
  it('shows each document as a card with every field and its buttons, and no table', async () => {
    atPhoneWidth();
    documentsServer();
    await openPage();
    const list = await screen.findByRole('list', { name: 'Account Documents' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const [upload, receipt] = within(list).getAllByRole('listitem');
    expect(cardFields(upload!)).toEqual({
      'File Name': 'floor-plan.pdf',
      Description: 'Room plan',
      Kind: 'Upload',
      'Uploaded By': 'member',
      'Upload Date': 'Mar 5, 2031',
      'Size (KB)': '120.56',
    });
    expect(within(upload!).getByText('Mar 5, 2031')).toHaveStyle({ whiteSpace: 'nowrap' });
    const buttons = within(upload!).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Download', 'Delete']);
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Download floor-plan.pdf',
      'Delete floor-plan.pdf',
    ]);
    // A receipt is a record: Download only.
    expect(cardFields(receipt!)).toMatchObject({
      'File Name': 'receipt-9.pdf',
      Kind: 'Receipt',
      'Uploaded By': 'N/A',
    });
    expect(
      within(receipt!)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Download']);
    expect(within(receipt!).getByText('Record: kept with your payments')).toBeInTheDocument();
  });

  it('downloads and deletes from a card', async () => {
    const clicks = spyOnLinkClicks();
    atPhoneWidth();
    const { fetchMock } = documentsServer();
    await openPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Download floor-plan.pdf' }));
    await waitFor(() => expect(clicks).toHaveBeenCalledTimes(1));
    await user.click(screen.getByRole('button', { name: 'Delete floor-plan.pdf' }));
    const dialog = await findDialog('Delete document');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Document deleted.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE /api/documents/1')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('floor-plan.pdf')).not.toBeInTheDocument());
    expect(
      within(screen.getByRole('list', { name: 'Account Documents' })).getAllByRole('listitem'),
    ).toHaveLength(1);
  });
});

describe('Documentation on a wider screen', () => {
  it('is the table with the columns of docs/product.md §2, the upload date on one line, and no cards', async () => {
    documentsServer();
    await openPage();
    const table = await screen.findByRole('table');
    expect(screen.queryByRole('list', { name: 'Account Documents' })).not.toBeInTheDocument();
    expect(headerTexts(table)).toEqual(columns);
    expect(within(rowOf('floor-plan.pdf')).getByText('Mar 5, 2031')).toHaveStyle({
      whiteSpace: 'nowrap',
    });
  });
});
