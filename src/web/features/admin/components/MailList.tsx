import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { errorMessage } from '@/lib/api/client.js';
import {
  MAIL_PAGE_SIZE,
  QUEUED_REFRESH_MS,
  useMailPage,
  useRetryMail,
  type MailTab,
  type OutboxMailInfo,
} from '../api/mail.js';
import { MailTable } from './MailTable.js';
import { QueryStatus } from '@/components/QueryStatus.js';
import { QueryPager } from '@/components/Pager.js';

export const MAIL_TAB_LABELS: Record<MailTab, string> = {
  queued: 'Queued',
  sent: 'Sent',
  failed: 'Failed',
};

export const emptyTexts: Record<MailTab, string> = {
  queued: 'No mail is waiting to be sent.',
  sent: 'No mail has been sent yet.',
  failed: 'No mail has failed.',
};
export const emptyPage = 'No mail on this page.';
export const mailListFailed = 'Could not fetch the mail.';
export const retryFailed = 'Could not send the mail again.';

/** One tab of the outbox: a page of its mails, Retry or Send now on unsent ones, paging and a refresh. */
export function MailList({
  tab,
  page,
  onPage,
}: {
  tab: MailTab;
  page: number;
  onPage: (page: number) => void;
}) {
  const list = useMailPage(tab, page);
  const retryMail = useRetryMail();
  const [retryingId, setRetryingId] = useState<number | null>(null);

  async function retry(mail: OutboxMailInfo) {
    setRetryingId(mail.id);
    try {
      await retryMail.mutateAsync(mail.id);
      notifications.show({
        color: 'green',
        title: 'Mail',
        message: `The mail "${mail.subject}" to ${mail.to} is being sent now.`,
      });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'Mail',
        message: errorMessage(error, retryFailed),
      });
    } finally {
      setRetryingId(null);
    }
  }

  const mails = list.data?.mails ?? [];
  const first = page * MAIL_PAGE_SIZE + 1;
  const label = MAIL_TAB_LABELS[tab];

  return (
    <Stack>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {tab === 'queued' && mails.length > 0
            ? `Reloads every ${QUEUED_REFRESH_MS / 1000} seconds while mail is waiting.`
            : 'Newest first.'}
        </Text>
        <Button
          variant="default"
          size="xs"
          loading={list.isFetching && !list.isPending}
          disabled={list.isPending}
          onClick={() => void list.refetch()}
        >
          Refresh
        </Button>
      </Group>

      <QueryStatus query={list} failed={mailListFailed} loading="Loading mail..." />
      {list.data && mails.length === 0 ? (
        <Text>{page > 0 ? emptyPage : emptyTexts[tab]}</Text>
      ) : null}
      {mails.length > 0 ? (
        <MailTable
          mails={mails}
          caption={`${label} mail ${first} to ${first + mails.length - 1}`}
          retryingId={retryingId}
          onRetry={(mail) => void retry(mail)}
        />
      ) : null}

      <QueryPager query={list} label="Mail pages" page={page} onPage={onPage} />
    </Stack>
  );
}
