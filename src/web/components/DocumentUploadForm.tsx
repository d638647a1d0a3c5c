import { FileInput, Group, Stack, TextInput, Title } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { messages } from '../../shared/messages.js';
import { MAX_DOCUMENT_DESCRIPTION, type DocumentInfo } from '../../shared/schemas/documents.js';
import { z } from '../../shared/schemas/zod.js';
import { errorMessage } from '../lib/api/client.js';
import { FormAlert } from './forms/FormAlert.js';
import { showServerErrors } from './forms/server-errors.js';
import { SubmitButton } from './forms/SubmitButton.js';
import { useSchemaForm } from './forms/useSchemaForm.js';
import { byId, focusResult } from './focus-result.js';
import { useTimedMessage } from './useTimedMessage.js';

/** docs/product.md §4: the upload success message clears after 5 s. */
export const UPLOAD_SUCCESS_MS = 5000;

/** The server's largest upload by default (UPLOAD_MAX_BYTES, .env.example): 10 MB. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const fileTooLarge = `The file can be at most ${UPLOAD_MAX_BYTES / 1024 / 1024} MB.`;
/** The server's answer (415 not_pdf) to a file that is not a PDF. */
export const notPdf = 'Only PDF documents can be uploaded.';

export interface DocumentUpload {
  file: File;
  description: string;
}

/** The answer of POST /api/documents/upload. */
export interface DocumentUploaded {
  message: string;
  document: DocumentInfo;
}

/** A PDF as the chooser offers it (`accept`): its type or its name says so. */
const isPdf = (file: File) => file.type === 'application/pdf' || /\.pdf$/i.test(file.name);

/**
 * What POST /api/documents/upload takes (multipart, no body schema to share):
 * a file that is not empty, a PDF, at most UPLOAD_MAX_BYTES, and a description
 * that is not blank, at most MAX_DOCUMENT_DESCRIPTION long (sent trimmed).
 */
const uploadForm = z.object({
  file: z
    .instanceof(File, { error: messages.selectFileToUpload })
    .refine((file) => file.size > 0, messages.selectFileToUpload)
    .refine(isPdf, notPdf)
    .refine((file) => file.size <= UPLOAD_MAX_BYTES, fileTooLarge),
  description: z
    .string()
    .trim()
    .min(1, messages.enterDescription)
    .max(
      MAX_DOCUMENT_DESCRIPTION,
      `The description can be at most ${MAX_DOCUMENT_DESCRIPTION} characters long.`,
    ),
});

/** The upload's refusals that name one field (docs/errors.md). */
const fieldOfCode = { file_missing: 'file', description_missing: 'description' } as const;

export interface DocumentUploadFormProps {
  /** The upload call: a member's own, or an administrator's for one church. */
  upload: Pick<UseMutationResult<DocumentUploaded, Error, DocumentUpload>, 'mutate' | 'isPending'>;
  /** The section's heading. */
  title?: string;
  /** The id of that heading (unique on the page). */
  headingId?: string;
}

/**
 * The upload form: a PDF and its description (docs/product.md §2, §5). After an upload
 * the form stays, emptied, and the focus goes to the new document's row
 * (`document-{id}`) of the list below.
 */
export function DocumentUploadForm({
  upload,
  title = 'Upload a Document',
  headingId = 'upload-heading',
}: DocumentUploadFormProps) {
  // The form holds text: the file's field holds its name, the file itself is kept here.
  const [file, setFile] = useState<File | null>(null);
  const form = useSchemaForm(
    z.preprocess((values) => ({ ...(values as object), file }), uploadForm),
    { file: '', description: '' },
  );
  const { setFields, validate, bind } = form;
  const fileField = bind('file');
  const [failure, setFailure] = useState<string | null>(null);
  const success = useTimedMessage(UPLOAD_SUCCESS_MS);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (upload.isPending) return;
    setFailure(null);
    success.clear();
    const data = validate();
    if (!data) return;
    upload.mutate(data, {
      onSuccess: (answer) => {
        setFile(null);
        setFields({ file: '', description: '' });
        success.show(answer?.message || 'Document uploaded.');
        // The result is the new row of the list below (the form stays, emptied).
        if (answer?.document) focusResult(byId(`document-${answer.document.id}`));
      },
      onError: (error) => {
        if (!showServerErrors(form, error, fieldOfCode))
          setFailure(errorMessage(error, messages.uploadFailed));
      },
    });
  }

  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId} mb="sm">
        {title}
      </Title>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm" maw={520}>
          <FormAlert tone="success">{success.message}</FormAlert>
          <FormAlert>{failure}</FormAlert>
          <FileInput
            label="PDF file"
            description="PDF files only."
            placeholder="Choose a PDF file"
            accept="application/pdf,.pdf"
            value={file}
            onChange={(value) => {
              setFile(value);
              fileField.onChange(value?.name ?? '');
            }}
            clearable
            clearButtonProps={{ 'aria-label': 'Remove the chosen file' }}
            withAsterisk
            error={fileField.error}
          />
          <TextInput
            label="Description"
            maxLength={MAX_DOCUMENT_DESCRIPTION}
            withAsterisk
            {...bind('description')}
          />
          <Group>
            <SubmitButton pending={upload.isPending} pendingLabel="Uploading...">
              Upload Document
            </SubmitButton>
          </Group>
        </Stack>
      </form>
    </section>
  );
}
