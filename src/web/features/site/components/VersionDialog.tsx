import { Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { BusyModal } from '@/components/BusyModal.js';
import { QueryStatus } from '@/components/QueryStatus.js';
import { versionQuery } from '../api/content.js';
import type { ContentName } from '../kinds.js';
import { ContentPreview, type RenderPublicPreview } from './preview/ContentPreview.js';

/** An old version as it read, before choosing to publish it again. */
export function VersionDialog({
  name,
  version,
  current,
  currency,
  renderPublicPreview,
  onRevert,
  onClose,
}: {
  name: ContentName;
  version: number;
  /** It is the version published now (nothing to revert to). */
  current: boolean;
  currency: string;
  renderPublicPreview?: RenderPublicPreview;
  onRevert: () => void;
  onClose: () => void;
}) {
  const body = useQuery(versionQuery(name, version));
  return (
    <BusyModal busy={false} onClose={onClose} title={`Version ${version}`} size="xl">
      <Stack gap="md">
        <QueryStatus
          query={body}
          failed="This version could not be loaded."
          loading="Loading the version..."
        />
        {body.isSuccess ? (
          <ContentPreview
            name={name}
            body={body.data}
            currency={currency}
            renderPublicPreview={renderPublicPreview}
          />
        ) : null}
        {current ? <Text size="sm">This is the version the site shows now.</Text> : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            Close
          </Button>
          {current ? null : (
            <Button onClick={onRevert} disabled={!body.isSuccess}>
              Revert to this version
            </Button>
          )}
        </Group>
      </Stack>
    </BusyModal>
  );
}
