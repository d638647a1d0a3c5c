import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { BusyModal } from '@/components/BusyModal.js';
import { QueryStatus } from '@/components/QueryStatus.js';
import { useFacilityInfo } from '@/lib/api/facility.js';
import { versionQuery, type ContentChange } from '../api/content.js';
import type { ContentName } from '../kinds.js';
import { changeSentence } from './conflict-words.js';
import { ContentPreview, type RenderPublicPreview } from './preview/ContentPreview.js';

const PUBLISHED_HEADING = 'site-compare-published';
const DRAFT_HEADING = 'site-compare-draft';

/**
 * The version published meanwhile beside the draft, each as it will read
 * (the preview of "Look" and of Publish), with the ways on: publish the
 * draft instead of it, or reload it and drop the draft.
 */
export function CompareDialog({
  name,
  change,
  version,
  draft,
  currency,
  others,
  renderPublicPreview,
  publishing,
  onPublishMine,
  onReload,
  onClose,
}: {
  name: ContentName;
  change: ContentChange;
  /** The version published now (`change.version`). */
  version: number;
  draft: unknown;
  currency: string;
  others?: Partial<Record<ContentName, unknown>>;
  renderPublicPreview?: RenderPublicPreview;
  publishing: boolean;
  onPublishMine: () => void;
  onReload: () => void;
  onClose: () => void;
}) {
  const published = useQuery(versionQuery(name, version));
  const timeZone = useFacilityInfo().data?.timeZone ?? '';
  return (
    <BusyModal
      busy={publishing}
      onClose={onClose}
      title={`Version ${version} and your changes`}
      size="100%"
    >
      <Stack gap="md">
        <Text size="sm">{changeSentence(change, timeZone)}</Text>
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
          <Stack gap="sm" component="section" aria-labelledby={PUBLISHED_HEADING}>
            <Title order={3} id={PUBLISHED_HEADING}>
              {`Published now: version ${version}`}
            </Title>
            <QueryStatus
              query={published}
              failed="This version could not be loaded."
              loading="Loading the version..."
            />
            {published.isSuccess ? (
              <ContentPreview
                name={name}
                body={published.data}
                currency={currency}
                renderPublicPreview={renderPublicPreview}
                others={others}
              />
            ) : null}
          </Stack>
          <Stack gap="sm" component="section" aria-labelledby={DRAFT_HEADING}>
            <Title order={3} id={DRAFT_HEADING}>
              Your changes
            </Title>
            <ContentPreview
              name={name}
              body={draft}
              currency={currency}
              renderPublicPreview={renderPublicPreview}
              others={others}
            />
          </Stack>
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={publishing} data-autofocus>
            Close
          </Button>
          <Button variant="default" onClick={onReload} disabled={publishing}>
            {`Reload version ${version}`}
          </Button>
          <Button onClick={onPublishMine} loading={publishing}>
            Publish mine instead
          </Button>
        </Group>
      </Stack>
    </BusyModal>
  );
}
