import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { messages } from '../../../../shared/messages.js';
import type { DocumentInfo } from '../../../../shared/schemas/documents.js';
import {
  atPhoneWidth,
  callsTo,
  mockApi,
  renderApp,
  testUser,
  type FakeRoutes,
} from '@/test/utils.js';
import { cardFields, headerTexts } from '@/test/screen-texts.js';
import { SITE_TITLE } from '@/components/PageTitle.js';

function doc(id: number, over: Partial<DocumentInfo> = {}): DocumentInfo {
  return {
    kind: 'upload',
    id,
    accountId: 1,
    fileName: `file-${id}.pdf`,
    description: `Document ${id}`,
    fileSize: 1536,
    createdAt: '2031-03-05T12:00:00.000Z',
    uploader: { username: 'member' },
    reservationId: null,
    ...over,
  };
}

const sample = () => [
  doc(1, { fileName: 'floor-plan.pdf', description: 'Room plan', fileSize: 123_456 }),
  doc(2, {
    kind: 'receipt',
    fileName: 'receipt-9.pdf',
    description: 'Payment receipt - Reservation ID: 9',
    fileSize: 1536,
    uploader: null,
  }),
];

/** HTMLAnchorElement.click, spied for one test. */
function spyOnLinkClicks(impl: (this: HTMLAnchorElement) => void = () => {}) {
  const spy = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(impl);
  onTestFinished(() => spy.mockRestore());
  return spy;
}

/** A fake documents API over a mutable list, so that refetches see the changes. */
function documentsServer(list: DocumentInfo[] = sample(), overrides: FakeRoutes = {}) {
  let nextId = 50;
  const routes: FakeRoutes = {
    'GET /api/documents': () => ({ body: list }),
    'POST /api/documents/upload': (req) => {
      const form = req.body as FormData;
      const file = form.get('documentFile') as File;
      const created = doc(nextId++, {
        fileName: file.name,
        description: String(form.get('description')),
        fileSize: file.size,
      });
      list.push(created);
      return { status: 201, body: { message: 'Document uploaded.', document: created } };
    },
  };
  for (const d of list) {
    routes[`DELETE /api/documents/${d.id}`] = () => {
      list.splice(list.indexOf(d), 1);
      return { body: { message: 'Document deleted.' } };
    };
    routes[`GET /api/documents/${d.id}/download`] = () => ({
      body: {
        downloadUrl: `/api/documents/${d.id}/file?exp=1&disposition=attachment&sig=s`,
        fileName: d.fileName,
      },
    });
  }
  const fetchMock = mockApi({ ...routes, ...overrides }, { user: testUser });
  return { fetchMock, list };
}

async function openPage() {
  const view = renderApp('/account/documentation');
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Documentation' }),
  ).toBeInTheDocument();
  return view;
}

const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
const pdf = (name = 'minutes.pdf', size = 3000) =>
  new File([new Uint8Array(size).fill(37)], name, { type: 'application/pdf' });
const rowOf = (fileName: string) => screen.getByRole('row', { name: new RegExp(fileName) });

/** The table's columns, as docs/product.md §2 names them. */
const columns = ['File Name', 'Description', 'Uploaded By', 'Upload Date', 'Size (KB)', 'Actions'];

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
    expect(cells('floor-plan.pdf').slice(0, 5)).toEqual([
      'floor-plan.pdf',
      'Room plan',
      'member',
      'Mar 5, 2031',
      '120.56',
    ]);
    expect(cells('receipt-9.pdf').slice(0, 5)).toEqual([
      'receipt-9.pdf',
      'Payment receipt - Reservation ID: 9',
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

  it('offers no Delete for receipts and credit notes: they are records kept with the payments', async () => {
    documentsServer([
      ...sample(),
      doc(3, {
        kind: 'credit_note',
        fileName: 'credit-note-9.pdf',
        description: 'Refund credit note - Reservation ID: 9',
        uploader: null,
      }),
    ]);
    await openPage();
    await screen.findByRole('table');
    for (const name of ['receipt-9.pdf', 'credit-note-9.pdf']) {
      const row = within(rowOf(name));
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

describe('Documentation: upload', () => {
  it('offers a PDF-only file chooser, a description and the upload button', async () => {
    documentsServer();
    await openPage();
    expect(fileInput()).toHaveAttribute('accept', 'application/pdf,.pdf');
    expect(screen.getByRole('button', { name: /PDF file/ })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Description/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload Document' })).toBeEnabled();
  });

  it('asks for a file and a non-blank description, and sends nothing', async () => {
    const { fetchMock } = documentsServer();
    await openPage();
    await userEvent.click(screen.getByRole('button', { name: 'Upload Document' }));
    expect(screen.getByText(messages.selectFileToUpload)).toBeInTheDocument();
    expect(screen.getByText(messages.enterDescription)).toBeInTheDocument();

    await userEvent.upload(fileInput(), pdf());
    expect(screen.queryByText(messages.selectFileToUpload)).not.toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /Description/ }), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Upload Document' }));
    expect(screen.queryByText(messages.selectFileToUpload)).not.toBeInTheDocument();
    expect(screen.getByText(messages.enterDescription)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/documents/upload')).toHaveLength(0);
  });

  it('uploads as multipart, shows Uploading..., refreshes the list and clears the success after 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const server = documentsServer();
    const upload = server.fetchMock.getMockImplementation()!;
    server.fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'POST') await gate;
      return upload(input, init);
    });
    await openPage();
    await screen.findByRole('table');
    await user.upload(fileInput(), pdf('minutes.pdf', 3000));
    expect(screen.getByRole('button', { name: /PDF file/ })).toHaveTextContent('minutes.pdf');
    await user.type(screen.getByRole('textbox', { name: /Description/ }), '  Meeting minutes  ');
    await user.click(screen.getByRole('button', { name: 'Upload Document' }));
    expect(await screen.findByRole('button', { name: 'Uploading...' })).toBeDisabled();
    release();

    expect(await screen.findByText('Document uploaded.')).toBeInTheDocument();
    const [call] = callsTo(server.fetchMock, 'POST /api/documents/upload');
    const form = call!.body as FormData;
    expect((form.get('documentFile') as File).name).toBe('minutes.pdf');
    expect(form.get('description')).toBe('Meeting minutes');
    expect(call!.headers.get('Content-Type')).toBeNull();
    expect(call!.headers.get('X-XSRF-TOKEN')).toBe('test-csrf-token');

    expect(await screen.findByRole('row', { name: /minutes\.pdf/ })).toHaveTextContent('2.93');
    expect(screen.getByRole('button', { name: 'Upload Document' })).toBeEnabled();
    expect(screen.getByRole('textbox', { name: /Description/ })).toHaveValue('');
    expect(screen.getByRole('button', { name: /PDF file/ })).not.toHaveTextContent('minutes.pdf');

    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(screen.getByText('Document uploaded.')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1100));
    expect(screen.queryByText('Document uploaded.')).not.toBeInTheDocument();
  });

  it('shows the server message or the default when the upload fails', async () => {
    let reply: { status: number; body?: unknown } = {
      status: 415,
      body: { message: 'Only PDF documents can be uploaded.' },
    };
    documentsServer(sample(), { 'POST /api/documents/upload': () => reply });
    await openPage();
    await userEvent.upload(fileInput(), pdf());
    await userEvent.type(screen.getByRole('textbox', { name: /Description/ }), 'Minutes');
    await userEvent.click(screen.getByRole('button', { name: 'Upload Document' }));
    expect(await screen.findByText('Only PDF documents can be uploaded.')).toBeInTheDocument();

    reply = { status: 500 };
    await userEvent.click(screen.getByRole('button', { name: 'Upload Document' }));
    expect(await screen.findByText(messages.uploadFailed)).toBeInTheDocument();
    expect(screen.queryByText('Only PDF documents can be uploaded.')).not.toBeInTheDocument();
  });
});

describe('Documentation: focus after a keyboard submit', () => {
  it("lands on the new document's row after Enter in the description", async () => {
    documentsServer();
    await openPage();
    const user = userEvent.setup();
    await user.upload(fileInput(), pdf('minutes.pdf', 3000));
    await user.type(screen.getByRole('textbox', { name: /Description/ }), 'Minutes{Enter}');
    expect(await screen.findByText('Document uploaded.')).toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toBe(rowOf('minutes.pdf')));
  });
});

describe('Documentation: download', () => {
  it('fetches a signed link and saves it through a temporary download link', async () => {
    const { fetchMock } = documentsServer();
    const clicked: HTMLAnchorElement[] = [];
    const click = spyOnLinkClicks(function (this: HTMLAnchorElement) {
      clicked.push(this);
      expect(this.isConnected).toBe(true);
    });
    await openPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Download floor-plan.pdf' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const link = clicked[0]!;
    expect(link.getAttribute('href')).toBe(
      '/api/documents/1/file?exp=1&disposition=attachment&sig=s',
    );
    expect(link.getAttribute('download')).toBe('floor-plan.pdf');
    expect(link.isConnected).toBe(false);
    const [call] = callsTo(fetchMock, 'GET /api/documents/1/download');
    expect(new URL(call!.url, 'http://localhost').searchParams.get('disposition')).toBe(
      'attachment',
    );
  });

  it('reports a failed download in a notification, never an alert', async () => {
    documentsServer(sample(), {
      'GET /api/documents/1/download': { status: 404, body: { message: 'Document not found.' } },
    });
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    const click = spyOnLinkClicks();
    await openPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Download floor-plan.pdf' }));
    expect(
      await screen.findByText('Failed to download document: Document not found.'),
    ).toBeInTheDocument();
    expect(alert).not.toHaveBeenCalled();
    expect(click).not.toHaveBeenCalled();
  });

  it('names the reason of a failure without a server message', async () => {
    documentsServer(sample(), { 'GET /api/documents/2/download': { status: 500 } });
    await openPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Download receipt-9.pdf' }));
    expect(
      await screen.findByText('Failed to download document: Request failed with status 500.'),
    ).toBeInTheDocument();
  });
});

describe('Documentation: delete', () => {
  it('asks to confirm the named document; cancelling keeps it', async () => {
    const { fetchMock } = documentsServer();
    await openPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete floor-plan.pdf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete document' });
    expect(dialog).toHaveTextContent(
      'Are you sure you want to delete the document "floor-plan.pdf"? This cannot be undone.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'DELETE /api/documents/1')).toHaveLength(0);
    expect(rowOf('floor-plan.pdf')).toBeInTheDocument();
  });

  it('deletes after confirmation, refreshes the list and clears the success after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { fetchMock } = documentsServer();
    await openPage();
    await user.click(await screen.findByRole('button', { name: 'Delete floor-plan.pdf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete document' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Document deleted.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE /api/documents/1')).toHaveLength(1);
    await waitFor(() =>
      expect(screen.queryByRole('row', { name: /floor-plan\.pdf/ })).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The row and its button are gone: the focus is on the list's heading, not the body.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('heading', { name: 'Account Documents' }),
      ),
    );

    await act(() => vi.advanceTimersByTimeAsync(2500));
    expect(screen.getByText('Document deleted.')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(screen.queryByText('Document deleted.')).not.toBeInTheDocument();
  });

  it('shows a delete failure with its prefix and clears it after 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    let reply: { status: number; body?: unknown } = { status: 500 };
    documentsServer(sample(), { 'DELETE /api/documents/1': () => reply });
    await openPage();
    await user.click(await screen.findByRole('button', { name: 'Delete floor-plan.pdf' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    const text = 'Delete Error: Failed to delete document. Please try again.';
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(rowOf('floor-plan.pdf')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(screen.getByText(text)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1100));
    expect(screen.queryByText(text)).not.toBeInTheDocument();

    reply = { status: 404, body: { message: 'Document not found.' } };
    await user.click(screen.getByRole('button', { name: 'Delete floor-plan.pdf' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Delete Error: Document not found.')).toBeInTheDocument();
  });

  it("shows the server's message when it refuses to delete a record", async () => {
    documentsServer(sample(), {
      'DELETE /api/documents/1': {
        status: 409,
        body: {
          message: 'Receipts and credit notes are kept with the payments.',
          code: 'document_is_record',
        },
      },
    });
    await openPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete floor-plan.pdf' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(
      await screen.findByText(
        'Delete Error: Receipts and credit notes are kept with the payments.',
      ),
    ).toBeInTheDocument();
    expect(rowOf('floor-plan.pdf')).toBeInTheDocument();
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
    const dialog = await screen.findByRole('dialog', { name: 'Delete document' });
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
