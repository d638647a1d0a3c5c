import { Badge, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CardList } from '@/components/cards/CardList.js';
import { ConfirmDialog } from '@/components/ConfirmDialog.js';
import { QueryStatus } from '@/components/QueryStatus.js';
import { TitledSection } from '@/components/TitledSection.js';
import { useIsPhone } from '@/components/useIsPhone.js';
import { ApiError, errorMessage } from '@/lib/api/client.js';
import { useFacilityInfo } from '@/lib/api/facility.js';
import { formatDateTime } from '@/lib/format.js';
import {
  contentChangeOf,
  historyQuery,
  revertContent,
  type ContentChange,
  type ContentVersion,
  type Published,
} from '../api/content.js';
import { KINDS, type ContentName } from '../kinds.js';
import type { RenderPublicPreview } from './preview/ContentPreview.js';
import { VersionDialog } from './VersionDialog.js';

export const REVERT_FAILED = 'The version could not be published again.';
export const FROM_FILES = 'From the content files';

/** Who made a version. */
export const changedByText = (v: ContentVersion) => v.changedBy ?? FROM_FILES;

/**
 * Every published version of a kind, newest first: who published it and
 * when (in the house's time zone), "Look", and "Revert to this version",
 * which publishes that version again as a new one after a question.
 */
export function HistorySection({
  name,
  dirty,
  currency,
  renderPublicPreview,
  from,
  onReverted,
  onConflict,
}: {
  name: ContentName;
  dirty: boolean;
  currency: string;
  renderPublicPreview?: RenderPublicPreview;
  /** The version the editor's form started from: a revert is refused if another is published now. */
  from: number | null;
  onReverted: (published: Published) => void;
  /** The revert was refused: someone else published since `from`. */
  onConflict: (change: ContentChange) => void;
}) {
  const queryClient = useQueryClient();
  const history = useQuery(historyQuery(name));
  const timeZone = useFacilityInfo().data?.timeZone ?? '';
  const phone = useIsPhone();
  const [looking, setLooking] = useState<number | null>(null);
  const [asking, setAsking] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  // A kind the house has none of has no versions yet.
  const none = history.error instanceof ApiError && history.error.status === 404;
  const versions = history.data ?? [];
  const newest = versions[0]?.version;

  async function revert(version: number) {
    setBusy(true);
    try {
      onReverted(await revertContent(name, version, from));
      const fresh = await queryClient
        .fetchQuery({ ...historyQuery(name), staleTime: 0 })
        .catch(() => null);
      const now = fresh?.[0]?.version;
      notifications.show({
        color: 'green',
        title: KINDS[name].title,
        message: now
          ? `Version ${version} is published again, as version ${now}.`
          : `Version ${version} is published again.`,
      });
      setAsking(null);
      setLooking(null);
    } catch (error) {
      const change = contentChangeOf(error);
      if (change) {
        setAsking(null);
        setLooking(null);
        onConflict(change);
      } else
        notifications.show({
          color: 'red',
          title: KINDS[name].title,
          message: errorMessage(error, REVERT_FAILED),
        });
    } finally {
      setBusy(false);
    }
  }

  const when = (v: ContentVersion) => formatDateTime(v.changedAt, timeZone);
  const label = (v: ContentVersion) => `Version ${v.version}`;
  const buttons = (v: ContentVersion) => (
    <Group gap="xs" wrap="wrap">
      <Button
        size="xs"
        variant="default"
        aria-describedby={`version-${v.version}`}
        onClick={() => setLooking(v.version)}
      >
        Look
      </Button>
      {v.version === newest ? null : (
        <Button
          size="xs"
          variant="light"
          aria-describedby={`version-${v.version}`}
          onClick={() => setAsking(v.version)}
        >
          Revert to this version
        </Button>
      )}
    </Group>
  );
  const title = (v: ContentVersion) => (
    <Group gap="xs" wrap="wrap">
      <Text id={`version-${v.version}`} fw={600} size="sm">
        {label(v)}
      </Text>
      {v.version === newest ? <Badge variant="light">On the site now</Badge> : null}
    </Group>
  );

  return (
    <TitledSection title="Versions">
      <Text size="sm">
        Every publication is kept. Look at an earlier version, or publish it again.
      </Text>
      {none ? null : (
        <QueryStatus
          query={history}
          failed="The versions could not be loaded."
          loading="Loading the versions..."
        />
      )}
      {none || (history.isSuccess && versions.length === 0) ? (
        <Text size="sm">Nothing published yet.</Text>
      ) : null}
      {versions.length > 0 && phone ? (
        <CardList label="Versions">
          {versions.map((v) => (
            <Card key={v.version} component="li" withBorder padding="sm">
              <Stack gap={6}>
                {title(v)}
                <Text size="sm">{`${changedByText(v)}, ${when(v)}`}</Text>
                {buttons(v)}
              </Stack>
            </Card>
          ))}
        </CardList>
      ) : null}
      {versions.length > 0 && !phone ? (
        <Table.ScrollContainer minWidth={520} type="native">
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Version</Table.Th>
                <Table.Th>Published by</Table.Th>
                <Table.Th>When</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {versions.map((v) => (
                <Table.Tr key={v.version}>
                  <Table.Td>{title(v)}</Table.Td>
                  <Table.Td>{changedByText(v)}</Table.Td>
                  <Table.Td>{when(v)}</Table.Td>
                  <Table.Td>{buttons(v)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      {looking !== null ? (
        <VersionDialog
          name={name}
          version={looking}
          current={looking === newest}
          currency={currency}
          renderPublicPreview={renderPublicPreview}
          onRevert={() => {
            setAsking(looking);
            setLooking(null);
          }}
          onClose={() => setLooking(null)}
        />
      ) : null}
      <ConfirmDialog
        opened={asking !== null}
        title={`Revert to version ${asking ?? ''}?`}
        message={`Version ${asking ?? ''} is published again as a new version, and the site shows it at once.${dirty ? ' Your unpublished changes are lost.' : ''}`}
        confirmLabel="Revert"
        busy={busy}
        onConfirm={() => asking !== null && void revert(asking)}
        onCancel={() => setAsking(null)}
      />
    </TitledSection>
  );
}
