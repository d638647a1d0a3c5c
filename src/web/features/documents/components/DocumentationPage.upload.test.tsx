/**
 * Documentation: uploading a PDF with its description, the form's checks and
 * failures, and where the focus lands after a keyboard submit.
 */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../shared/messages.js';
import { callsTo } from '@/test/utils.js';
import { documentsServer, fileInput, openPage, pdf, rowOf, sample } from '../documents.testing.js';

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
