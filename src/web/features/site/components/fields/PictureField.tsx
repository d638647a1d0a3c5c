import { Box, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ApiError, errorMessage } from '@/lib/api/client.js';
import { pictureUrl } from '../../api/content.js';
import type { Path } from '../../form/draft.js';
import { entryName } from '../../field-words.js';
import { useEditor } from './editor-context.js';

export const TOO_LARGE =
  'This picture is too large: choose one of at most 10 MB and 50 megapixels.';
export const NOT_A_PICTURE =
  'This file is not a picture the site can use: choose a JPEG, PNG or WebP picture.';
export const UPLOAD_FAILED = 'The picture could not be uploaded. Please try again.';

function uploadProblem(error: unknown): string {
  if (error instanceof ApiError && error.status === 413) return TOO_LARGE;
  if (error instanceof ApiError && error.status === 415) return NOT_A_PICTURE;
  return errorMessage(error, UPLOAD_FAILED);
}

/**
 * The picture of an image (a gallery picture, a room's photo, a floor's
 * drawing): shown when it was uploaded (a picture shipped with the site is
 * named by its path), and "Upload a picture", which stores a new one and
 * fills in its file, width and height (docs/site-content.md, "Images").
 */
export function PictureField({
  path,
  value,
  pictureKey,
}: {
  path: Path;
  value: Record<string, unknown>;
  pictureKey: 'src' | 'image';
}) {
  const { name, change, upload } = useEditor();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const src = typeof value[pictureKey] === 'string' ? value[pictureKey] : '';
  const url = pictureUrl(src);
  const alt = typeof value.alt === 'string' ? value.alt : '';
  const entry = entryName(name, path) || 'the picture';

  async function send(file: File | null) {
    if (!file) return;
    setBusy(true);
    setProblem(null);
    try {
      const uploaded = await upload(file);
      change([...path, pictureKey], uploaded.path);
      change([...path, 'width'], uploaded.width);
      change([...path, 'height'], uploaded.height);
    } catch (error) {
      setProblem(uploadProblem(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="xs">
      <Group align="flex-start" gap="md" wrap="wrap">
        {url ? (
          <Box
            component="img"
            src={url}
            alt={alt || 'The uploaded picture, not described yet'}
            maw="100%"
            w={200}
            h="auto"
            style={{ borderRadius: 'var(--mantine-radius-sm)' }}
          />
        ) : (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }} maw="100%">
            {src ? `A picture shipped with the site: ${src}` : 'No picture yet.'}
          </Text>
        )}
        <FileButton accept="image/jpeg,image/png,image/webp" onChange={(file) => void send(file)}>
          {(props) => (
            <Button
              {...props}
              variant="default"
              loading={busy}
              aria-label={`Upload a picture for ${entry}`}
            >
              Upload a picture
            </Button>
          )}
        </FileButton>
      </Group>
      {problem ? (
        <Text size="sm" c="red.8" role="alert">
          {problem}
        </Text>
      ) : null}
    </Stack>
  );
}
