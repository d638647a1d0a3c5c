import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog.js';
import { errorMessage } from '@/lib/api/client.js';
import { useFacilityInfo } from '@/lib/api/facility.js';
import { contentQuery, historyQuery, type ContentChange, type Published } from '../api/content.js';
import { KINDS, type ContentName } from '../kinds.js';
import { CompareDialog } from './CompareDialog.js';
import { changeSentence, CONFLICT_TITLE, RELOAD_FAILED } from './conflict-words.js';
import type { RenderPublicPreview } from './preview/ContentPreview.js';

export const CONFLICT_ID = 'site-conflict';

/**
 * Shown when Publish or a revert was refused because another version was
 * published since the form was loaded (412 `content_changed`): who and
 * when, that the draft is kept, and the two ways on: "Compare" (the version
 * published now beside the draft, from where the draft may be published
 * instead of it) and "Reload" (that version in the form, the draft dropped,
 * after a question).
 */
export function ConflictNotice({
  name,
  change,
  dirty,
  draft,
  currency,
  others,
  renderPublicPreview,
  onPublishMine,
  onReloaded,
}: {
  name: ContentName;
  change: ContentChange;
  /** The form has changes not published. */
  dirty: boolean;
  draft: unknown;
  currency: string;
  others?: Partial<Record<ContentName, unknown>>;
  renderPublicPreview?: RenderPublicPreview;
  /** Publishes the draft over version `over`, the one published now. */
  onPublishMine: (over: number) => Promise<void>;
  /** The version published now, read again, to start the form over with. */
  onReloaded: (published: Published) => void;
}) {
  const queryClient = useQueryClient();
  const timeZone = useFacilityInfo().data?.timeZone ?? '';
  const [comparing, setComparing] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const [askingReload, setAskingReload] = useState(false);
  const [reloading, setReloading] = useState(false);
  const version = change.version;

  async function publishMine(over: number) {
    setPublishing(true);
    try {
      await onPublishMine(over);
    } finally {
      // Published, this notice is gone; refused, the editor says why.
      setPublishing(false);
      setComparing(false);
    }
  }

  async function reload() {
    setReloading(true);
    try {
      const fresh = await queryClient.fetchQuery({ ...contentQuery(name), staleTime: 0 });
      setAskingReload(false);
      onReloaded(fresh);
      void queryClient.invalidateQueries({ queryKey: historyQuery(name).queryKey });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: KINDS[name].title,
        message: errorMessage(error, RELOAD_FAILED),
      });
    } finally {
      setReloading(false);
    }
  }

  return (
    <>
      <Alert id={CONFLICT_ID} tabIndex={-1} color="orange" title={CONFLICT_TITLE} role="alert">
        <Stack gap="sm">
          <Text size="sm">{changeSentence(change, timeZone)}</Text>
          <Text size="sm">
            {dirty
              ? 'Your changes are not lost: they are still in the form. Compare them with the published version, then publish yours instead of it, or reload the published version.'
              : 'Reload to see the published version in the form.'}
          </Text>
          <Group gap="sm" wrap="wrap">
            {version === null ? null : (
              <Button size="xs" variant="default" onClick={() => setComparing(true)}>
                Compare
              </Button>
            )}
            <Button size="xs" variant="default" onClick={() => setAskingReload(true)}>
              Reload
            </Button>
          </Group>
        </Stack>
      </Alert>
      {comparing && version !== null ? (
        <CompareDialog
          name={name}
          change={change}
          version={version}
          draft={draft}
          currency={currency}
          others={others}
          renderPublicPreview={renderPublicPreview}
          publishing={publishing}
          onPublishMine={() => void publishMine(version)}
          onReload={() => {
            setComparing(false);
            setAskingReload(true);
          }}
          onClose={() => setComparing(false)}
        />
      ) : null}
      <ConfirmDialog
        opened={askingReload}
        title="Reload the published version?"
        message={
          dirty
            ? 'The form then shows the version the site shows now. Your changes are lost.'
            : 'The form then shows the version the site shows now.'
        }
        confirmLabel="Reload"
        confirmColor={dirty ? 'red' : undefined}
        busy={reloading}
        onConfirm={() => void reload()}
        onCancel={() => setAskingReload(false)}
      />
    </>
  );
}
