/**
 * Documentation: downloading a document through a signed link, and deleting
 * one after a confirmation, with the failures of both.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, findDialog } from '@/test/utils.js';
import { documentsServer, openPage, rowOf, sample, spyOnLinkClicks } from '../documents.testing.js';

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
    const dialog = await findDialog('Delete document');
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
    const dialog = await findDialog('Delete document');
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
    await user.click(within(await findDialog()).getByRole('button', { name: 'Delete' }));
    const text = 'Delete Error: Failed to delete document. Please try again.';
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(rowOf('floor-plan.pdf')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(screen.getByText(text)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1100));
    expect(screen.queryByText(text)).not.toBeInTheDocument();

    reply = { status: 404, body: { message: 'Document not found.' } };
    await user.click(screen.getByRole('button', { name: 'Delete floor-plan.pdf' }));
    await user.click(within(await findDialog()).getByRole('button', { name: 'Delete' }));
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
    await userEvent.click(within(await findDialog()).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText(
        'Delete Error: Receipts and credit notes are kept with the payments.',
      ),
    ).toBeInTheDocument();
    expect(rowOf('floor-plan.pdf')).toBeInTheDocument();
  });
});
