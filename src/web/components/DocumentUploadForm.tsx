import { Alert, Button, FileInput, Group, Stack, TextInput, Title } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { messages } from '../../shared/messages.js';
import { MAX_DOCUMENT_DESCRIPTION, type DocumentInfo } from '../../shared/schemas/documents.js';
import { errorMessage } from '../lib/api/client.js';
import { byId, focusResult } from './focus-result.js';
import { useTimedMessage } from './useTimedMessage.js';

/** SPEC §4: the upload success message clears after 5 s. */
export const UPLOAD_SUCCESS_MS = 5000;

export interface DocumentUpload {
  file: File;
  description: string;
}

/** The answer of POST /api/documents/upload. */
export interface DocumentUploaded {
  message: string;
  document: DocumentInfo;
}

export interface DocumentUploadFormProps {
  /** The upload call: a member's own, or an administrator's for one church. */
  upload: Pick<UseMutationResult<DocumentUploaded, Error, DocumentUpload>, 'mutate' | 'isPending'>;
  /** The section's heading. */
  title?: string;
  /** The id of that heading (unique on the page). */
  headingId?: string;
}

/**
 * The upload form: a PDF and its description (SPEC §2, §5). After an upload
 * the form stays, emptied, and the focus goes to the new document's row
 * (`document-{id}`) of the list below.
 */
export function DocumentUploadForm({
  upload,
  title = 'Upload a Document',
  headingId = 'upload-heading',
}: DocumentUploadFormProps) {
  const [file, setFile] = useState<File | null>(null);
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<{ file?: string; description?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const success = useTimedMessage(UPLOAD_SUCCESS_MS);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (upload.isPending) return;
    const trimmed = description.trim();
    const found: typeof errors = {};
    if (!file) found.file = messages.selectFileToUpload;
    if (!trimmed) found.description = messages.enterDescription;
    setErrors(found);
    setFailure(null);
    success.clear();
    if (!file || !trimmed) return;
    upload.mutate(
      { file, description: trimmed },
      {
        onSuccess: (answer) => {
          setFile(null);
          setDescription('');
          success.show(answer?.message || 'Document uploaded.');
          // The result is the new row of the list below (the form stays, emptied).
          if (answer?.document) focusResult(byId(`document-${answer.document.id}`));
        },
        onError: (error) => setFailure(errorMessage(error, messages.uploadFailed)),
      },
    );
  }

  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId} mb="sm">
        {title}
      </Title>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm" maw={520}>
          {success.message ? (
            <Alert color="teal" role="status">
              {success.message}
            </Alert>
          ) : null}
          {failure ? (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          ) : null}
          <FileInput
            label="PDF file"
            description="PDF files only."
            placeholder="Choose a PDF file"
            accept="application/pdf,.pdf"
            value={file}
            onChange={(value) => {
              setFile(value);
              setErrors((e) => ({ ...e, file: undefined }));
            }}
            clearable
            clearButtonProps={{ 'aria-label': 'Remove the chosen file' }}
            withAsterisk
            error={errors.file}
          />
          <TextInput
            label="Description"
            value={description}
            onChange={(event) => {
              setDescription(event.currentTarget.value);
              setErrors((e) => ({ ...e, description: undefined }));
            }}
            maxLength={MAX_DOCUMENT_DESCRIPTION}
            withAsterisk
            error={errors.description}
          />
          <Group>
            <Button type="submit" disabled={upload.isPending}>
              {upload.isPending ? 'Uploading...' : 'Upload Document'}
            </Button>
          </Group>
        </Stack>
      </form>
    </section>
  );
}
