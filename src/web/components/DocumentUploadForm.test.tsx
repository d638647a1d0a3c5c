import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '../../shared/messages.js';
import type { DocumentInfo } from '../../shared/schemas/documents.js';
import { ApiError } from '@/lib/api/client.js';
import {
  DocumentUploadForm,
  GIVE_EXPIRY,
  UPLOAD_MAX_BYTES,
  fileTooLarge,
  notPdf,
  type DocumentUpload,
  type DocumentUploaded,
} from './DocumentUploadForm.js';
import { expectFieldError } from './forms/forms.testing.js';

type Handlers = { onSuccess?: (answer: DocumentUploaded) => void; onError?: (e: Error) => void };

const created: DocumentInfo = {
  kind: 'upload',
  id: 9,
  accountId: 1,
  fileName: 'minutes.pdf',
  description: 'Minutes',
  fileSize: 3000,
  createdAt: '2031-03-05T12:00:00.000Z',
  uploader: { username: 'member' },
  reservationId: null,
};

/** The form over a fake upload call that answers as told; below it, the row the new document gets. */
function renderForm(answer: (upload: DocumentUpload, handlers: Handlers) => void = () => {}) {
  const mutate = vi.fn((upload: DocumentUpload, options?: unknown) =>
    answer(upload, options as Handlers),
  );
  render(
    <MantineProvider env="test">
      <DocumentUploadForm upload={{ mutate, isPending: false }} />
      <table>
        <tbody>
          <tr id="document-9">
            <td>minutes.pdf</td>
          </tr>
        </tbody>
      </table>
    </MantineProvider>,
  );
  return mutate;
}

const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
const fileField = () => screen.getByRole('button', { name: /PDF file/ });
const description = () => screen.getByRole('textbox', { name: /Description/ });
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Upload Document' }));
const pdf = (name = 'minutes.pdf', size = 3000, type = 'application/pdf') =>
  new File([new Uint8Array(size).fill(37)], name, { type });

describe('DocumentUploadForm: checked before sending', () => {
  it('asks for a file and a description on their fields, and sends nothing', async () => {
    const mutate = renderForm();
    await submit();
    expectFieldError(fileField(), messages.selectFileToUpload);
    expectFieldError(description(), messages.enterDescription);
    expect(mutate).not.toHaveBeenCalled();

    // Each message goes when its field is changed.
    await userEvent.upload(fileInput(), pdf());
    expect(screen.queryByText(messages.selectFileToUpload)).not.toBeInTheDocument();
    expect(fileField()).not.toHaveAttribute('aria-invalid', 'true');
    expectFieldError(description(), messages.enterDescription);
  });

  it('refuses an empty file, a file that is not a PDF and one above the limit', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const mutate = renderForm();
    await user.type(description(), 'Minutes');

    await user.upload(fileInput(), pdf('empty.pdf', 0));
    await submit();
    expectFieldError(fileField(), messages.selectFileToUpload);

    await user.upload(fileInput(), pdf('notes.txt', 10, 'text/plain'));
    await submit();
    expectFieldError(fileField(), notPdf);

    const large = pdf('scan.pdf', 10);
    Object.defineProperty(large, 'size', { value: UPLOAD_MAX_BYTES + 1 });
    await user.upload(fileInput(), large);
    await submit();
    expectFieldError(fileField(), fileTooLarge);
    expect(mutate).not.toHaveBeenCalled();

    // A PDF by its name is taken, as the chooser takes it.
    await user.upload(fileInput(), pdf('scan.PDF', 10, ''));
    await submit();
    expect(mutate).toHaveBeenCalledTimes(1);
  });
});

describe('DocumentUploadForm: the server', () => {
  it('shows a refusal that names a field on that field, not above the form', async () => {
    const mutate = renderForm((_upload, { onError }) =>
      onError?.(
        new ApiError(400, messages.enterDescription, {
          fromServer: true,
          code: 'description_missing',
        }),
      ),
    );
    await userEvent.upload(fileInput(), pdf());
    await userEvent.type(description(), 'Minutes');
    await submit();
    expect(mutate).toHaveBeenCalledTimes(1);
    expectFieldError(description(), messages.enterDescription);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows any other failure above the fields', async () => {
    renderForm((_upload, { onError }) =>
      onError?.(new ApiError(413, 'The request body is too large.', { fromServer: true })),
    );
    await userEvent.upload(fileInput(), pdf());
    await userEvent.type(description(), 'Minutes');
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent('The request body is too large.');
    expect(description()).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('sends the file and the trimmed description, empties the form and focuses the new row', async () => {
    const mutate = renderForm((_upload, { onSuccess }) =>
      onSuccess?.({ message: 'Document uploaded.', document: created }),
    );
    const user = userEvent.setup();
    await user.upload(fileInput(), pdf('minutes.pdf'));
    await user.type(description(), '  Minutes  {Enter}');

    expect(mutate).toHaveBeenCalledTimes(1);
    const sent = mutate.mock.calls[0]![0];
    expect(sent.file.name).toBe('minutes.pdf');
    expect(sent.description).toBe('Minutes');
    expect(screen.getByRole('status')).toHaveTextContent('Document uploaded.');
    expect(description()).toHaveValue('');
    expect(fileField()).not.toHaveTextContent('minutes.pdf');
    await waitFor(() => expect(document.getElementById('document-9')).toHaveFocus());
  });
});

describe('DocumentUploadForm: an insurance certificate', () => {
  it('asks for its last valid day and sends its kind with it; any other document is sent without', async () => {
    const mutate = renderForm();
    const user = userEvent.setup();
    await user.upload(fileInput(), pdf('policy.pdf'));
    await user.type(description(), 'Liability insurance');
    expect(screen.queryByLabelText(/^Valid until/)).toBeNull();
    await submit();
    expect(mutate.mock.calls[0]![0]).toEqual({
      file: expect.any(File),
      description: 'Liability insurance',
    });

    await user.click(screen.getByRole('radio', { name: 'A liability insurance certificate' }));
    const expiry = screen.getByLabelText(/^Valid until/);
    await submit();
    expectFieldError(expiry, GIVE_EXPIRY);
    expect(mutate).toHaveBeenCalledTimes(1);

    fireEvent.change(expiry, { target: { value: '2027-12-31' } });
    await submit();
    expect(mutate.mock.calls[1]![0]).toEqual({
      file: expect.any(File),
      description: 'Liability insurance',
      kind: 'insurance',
      expiresOn: '2027-12-31',
    });
  });
});
