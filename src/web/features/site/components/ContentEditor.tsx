import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import type { ContentIssue } from '../../../../shared/site-content.js';
import { ApiError, errorMessage } from '@/lib/api/client.js';
import { pricingInfoQuery } from '@/lib/api/money.js';
import {
  contentChangeOf,
  contentQuery,
  historyQuery,
  publishContent,
  type ContentChange,
  type Published,
} from '../api/content.js';
import { checkDraft } from '../form/check.js';
import { issuePath, pathKey, type Path } from '../form/draft.js';
import { KINDS, type ContentName } from '../kinds.js';
import { ConfirmDialog } from '@/components/ConfirmDialog.js';
import { LeaveGuard } from '@/components/LeaveGuard.js';
import { IssueSummary, SUMMARY_ID } from './IssueSummary.js';
import { ContentPreview, type RenderPublicPreview } from './preview/ContentPreview.js';
import { SchemaForm } from './SchemaForm.js';
import { useDraft } from './useDraft.js';
import { useFocusAfterRender } from './useFocusAfterRender.js';
import { HistorySection } from './HistorySection.js';
import { CONFLICT_ID, ConflictNotice } from './ConflictNotice.js';

export const PUBLISH_FAILED = 'The changes could not be published. Nothing was saved.';
const PREVIEW_HEADING = 'site-preview-heading';
const PREVIEW_BUTTON = 'site-preview-button';

/** The kind the checks across kinds compare with: the home page's highlights name gallery pictures. */
const OTHER: Partial<Record<ContentName, ContentName>> = { pages: 'gallery', gallery: 'pages' };

function useOthers(name: ContentName) {
  const other = OTHER[name];
  const query = useQuery({ ...contentQuery(other ?? name), enabled: other !== undefined });
  return useMemo(
    () => (other && query.data !== undefined ? { [other]: query.data.body } : {}),
    [other, query.data],
  );
}

/** A 400's problems, each at its field; null for any other failure. */
function serverIssues(error: unknown): ContentIssue[] | null {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.issues?.length) return null;
  return error.issues.map((i) => ({ path: [...issuePath(i.path)], message: i.message }));
}

interface Problems {
  from: 'check' | 'server';
  list: ContentIssue[];
}

/**
 * The editor of one kind (docs/site-content.md): the form, then a preview,
 * then Publish; problems at their fields and listed above; the versions
 * with a revert. `published` is the body it starts from, `version` its
 * number: Publish and a revert send it (If-Match), and are refused when
 * someone else has published meanwhile, which the editor then says, keeping
 * the draft, with "Compare" and "Reload" (docs/site-content.md, "Two at once").
 */
export function ContentEditor({
  name,
  published,
  version,
  renderPublicPreview,
}: {
  name: ContentName;
  published: unknown;
  version: number | null;
  renderPublicPreview?: RenderPublicPreview;
}) {
  const queryClient = useQueryClient();
  const currency = useQuery(pricingInfoQuery).data?.currency ?? 'USD';
  const others = useOthers(name);
  const { draft, dirty, change, discard, restart } = useDraft(published);
  const [problems, setProblems] = useState<Problems | null>(null);
  const [step, setStep] = useState<'edit' | 'preview'>('edit');
  const [publishing, setPublishing] = useState(false);
  const [discarding, setDiscarding] = useState(false);
  /** The version the draft started from. */
  const [from, setFrom] = useState(version);
  /** Another version published since `from`, as the refusal said. */
  const [conflict, setConflict] = useState<ContentChange | null>(null);
  const focusAfterRender = useFocusAfterRender();
  const title = KINDS[name].title;

  const onChange = useCallback(
    (path: Path, value: unknown) => {
      change(path, value);
      const key = pathKey(path);
      setProblems((p) => {
        const list = p?.list.filter((i) => pathKey(i.path) !== key);
        return p && list && list.length !== p.list.length ? { ...p, list } : p;
      });
    },
    [change],
  );

  function showProblems(next: Problems) {
    setProblems(next);
    setStep('edit');
    focusAfterRender(SUMMARY_ID);
  }

  function checked(): boolean {
    const list = checkDraft(name, draft, others);
    if (list.length > 0) showProblems({ from: 'check', list });
    else setProblems(null);
    return list.length === 0;
  }

  function startOver(next: Published) {
    restart(next.body);
    setFrom(next.version);
    setProblems(null);
    setConflict(null);
    setStep('edit');
    queryClient.setQueryData(contentQuery(name).queryKey, next);
  }

  /** Someone published meanwhile: say who and when; the draft stays as it is. */
  function showConflict(change: ContentChange) {
    setConflict(change);
    setStep('edit');
    focusAfterRender(CONFLICT_ID);
    void queryClient.invalidateQueries({ queryKey: historyQuery(name).queryKey });
  }

  /** Publishes the draft over `over`: the version it started from, or the one compared with. */
  async function publish(over: number | null = from) {
    if (!checked()) return;
    setPublishing(true);
    try {
      const saved = await publishContent(name, draft, over);
      startOver({ body: saved.body ?? draft, version: saved.version });
      focusAfterRender(PREVIEW_BUTTON);
      const history = await queryClient
        .fetchQuery({ ...historyQuery(name), staleTime: 0 })
        .catch(() => null);
      const version = history?.[0]?.version;
      notifications.show({
        color: 'green',
        title,
        message: version ? `Published as version ${version}.` : 'Published.',
      });
    } catch (error) {
      const change = contentChangeOf(error);
      const list = serverIssues(error);
      if (change) showConflict(change);
      else if (list) showProblems({ from: 'server', list });
      else
        notifications.show({ color: 'red', title, message: errorMessage(error, PUBLISH_FAILED) });
    } finally {
      setPublishing(false);
    }
  }

  return (
    <Stack gap="lg">
      <LeaveGuard
        dirty={dirty}
        title="Leave without publishing?"
        message={`Your changes to ${title} are not published. If you leave, they are lost.`}
      />
      <Group gap="sm" wrap="wrap" role="status">
        {dirty ? <Badge color="orange">Unsaved changes</Badge> : null}
      </Group>
      {conflict ? (
        <ConflictNotice
          name={name}
          change={conflict}
          dirty={dirty}
          draft={draft}
          currency={currency}
          others={others}
          renderPublicPreview={renderPublicPreview}
          onPublishMine={(over) => publish(over)}
          onReloaded={(fresh) => {
            startOver(fresh);
            focusAfterRender(PREVIEW_BUTTON);
          }}
        />
      ) : null}
      {problems && problems.list.length > 0 ? (
        <IssueSummary name={name} issues={problems.list} from={problems.from} />
      ) : null}
      {step === 'edit' ? (
        <Stack gap="md">
          <SchemaForm
            name={name}
            draft={draft}
            issues={problems?.list ?? []}
            currency={currency}
            others={others}
            onChange={onChange}
          />
          <Group gap="sm" wrap="wrap">
            <Button
              id={PREVIEW_BUTTON}
              onClick={() => {
                if (!checked()) return;
                setStep('preview');
                focusAfterRender(PREVIEW_HEADING);
              }}
            >
              Preview
            </Button>
            <Button variant="default" disabled={!dirty} onClick={() => setDiscarding(true)}>
              Discard changes
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md" component="section" aria-labelledby={PREVIEW_HEADING}>
          <Title order={2} id={PREVIEW_HEADING} tabIndex={-1}>
            Preview
          </Title>
          <Text size="sm">
            This is how it will read. Nothing changes on the site until you publish.
          </Text>
          <ContentPreview
            name={name}
            body={draft}
            currency={currency}
            renderPublicPreview={renderPublicPreview}
            others={others}
          />
          <Group gap="sm" wrap="wrap">
            <Button onClick={() => void publish()} loading={publishing}>
              Publish
            </Button>
            <Button
              variant="default"
              disabled={publishing}
              onClick={() => {
                setStep('edit');
                focusAfterRender(PREVIEW_BUTTON);
              }}
            >
              Back to editing
            </Button>
          </Group>
        </Stack>
      )}
      <HistorySection
        name={name}
        dirty={dirty}
        currency={currency}
        renderPublicPreview={renderPublicPreview}
        from={from}
        onReverted={startOver}
        onConflict={showConflict}
      />
      <ConfirmDialog
        opened={discarding}
        title="Discard your changes?"
        message="The form goes back to the version the site shows now."
        confirmLabel="Discard"
        confirmColor="red"
        onConfirm={() => {
          discard();
          setProblems(null);
          setDiscarding(false);
        }}
        onCancel={() => setDiscarding(false)}
      />
    </Stack>
  );
}
