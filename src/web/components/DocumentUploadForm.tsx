import { FileInput, Group, Radio, Stack, TextInput, Title } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { isDayKey } from '../../shared/dates.js';
import { messages } from '../../shared/messages.js';
import { MAX_DOCUMENT_DESCRIPTION } from '../../shared/schemas/documents.js';
import { z } from '../../shared/schemas/zod.js';
import { errorMessage } from '../lib/api/client.js';
import type { DocumentUploaded, DocumentUploadInput } from '../lib/api/documents.js';
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

export type DocumentUpload = DocumentUploadInput;
export type { DocumentUploaded };

export const GIVE_EXPIRY = 'Give the last day the certificate is valid.';

/** A PDF as the chooser offers it (`accept`): its type or its name says so. */
const isPdf = (file: File) => file.type === 'application/pdf' || /\.pdf$/i.test(file.name);

/**
 * What POST /api/documents/upload takes (multipart, no body schema to share):
 * a file that is not empty, a PDF, at most UPLOAD_MAX_BYTES, and a description
 * that is not blank, at most MAX_DOCUMENT_DESCRIPTION long (sent trimmed).
 */
const uploadForm = z
  .object({
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
    kind: z.enum(['upload', 'insurance']),
    expiresOn: z.string().trim(),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'insurance' && !isDayKey(v.expiresOn)) {
      ctx.addIssue({ code: 'custom', message: GIVE_EXPIRY, path: ['expiresOn'] });
    }
  })
  .transform(({ kind, expiresOn, ...rest }): DocumentUpload =>
    kind === 'insurance' ? { ...rest, kind, expiresOn } : rest,
  );

/** The upload's refusals that name one field (docs/errors.md). */
const fieldOfCode = { file_missing: 'file', description_missing: 'description' } as const;

/**
 * What the form takes: any PDF (`upload`), any PDF or a liability insurance
 * certificate with its last valid day (`choice`), or certificates only
 * (`insurance`, the stay page).
 */
export type UploadKinds = 'upload' | 'choice' | 'insurance';

export interface DocumentUploadFormProps {
  /** The upload call: a member's own, or an administrator's for one church. */
  upload: Pick<UseMutationResult<DocumentUploaded, Error, DocumentUpload>, 'mutate' | 'isPending'>;
  /** The section's heading. */
  title?: string;
  /** The id of that heading (unique on the page). */
  headingId?: string;
  /** Which documents it takes (default: the choice of a document or an insurance certificate). */
  kinds?: UploadKinds;
  /** The heading's level: 2 on a page of its own, 3 inside a section. */
  headingOrder?: 2 | 3;
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
  kinds = 'choice',
  headingOrder = 2,
}: DocumentUploadFormProps) {
  // The form holds text: the file's field holds its name, the file itself is kept here.
  const [file, setFile] = useState<File | null>(null);
  const empty = {
    file: '',
    description: '',
    kind: kinds === 'insurance' ? 'insurance' : 'upload',
    expiresOn: '',
  };
  const form = useSchemaForm(
    z.preprocess((values) => ({ ...(values as object), file }), uploadForm),
    empty,
  );
  const { setFields, validate, bind } = form;
  const kindField = bind('kind');
  const insurance = form.fields.kind === 'insurance';
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
        setFields({ ...empty, kind: form.fields.kind });
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
      <Title order={headingOrder} size={headingOrder === 2 ? 'h3' : 'h4'} id={headingId} mb="sm">
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
          {kinds === 'choice' ? (
            <Radio.Group
              label="What is it?"
              value={kindField.value}
              onChange={kindField.onChange}
              name={kindField.name}
            >
              <Stack gap={6} mt={6}>
                <Radio value="upload" label="A document" />
                <Radio value="insurance" label="A liability insurance certificate" />
              </Stack>
            </Radio.Group>
          ) : null}
          {insurance ? (
            <TextInput
              type="date"
              label="Valid until"
              description="The last day the certificate covers."
              withAsterisk
              maw={220}
              {...bind('expiresOn')}
            />
          ) : null}
          <Group>
            <SubmitButton pending={upload.isPending} pendingLabel="Uploading...">
              {kinds === 'insurance' ? 'Upload certificate' : 'Upload Document'}
            </SubmitButton>
          </Group>
        </Stack>
      </form>
    </section>
  );
}
