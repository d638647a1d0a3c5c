import { Badge, Button, Card, Group, Table, Text } from '@mantine/core';
import { CardList } from '@/components/cards/CardList.js';
import { ColumnHeaders } from '@/components/tables/ColumnHeaders.js';
import { useFacilityInfo } from '@/lib/api/facility.js';
import type { OutboxMailInfo } from '../api/mail.js';
import { formatDateTime } from '@/lib/format.js';
import { kindLabel, mailStatus } from './mailFormat.js';

const noWrap = { whiteSpace: 'nowrap' } as const;
/** Long addresses and errors wrap at word ends first, inside a word only when they must. */
const breakWords = { overflowWrap: 'break-word', wordBreak: 'break-word' } as const;

export interface MailTableProps {
  mails: OutboxMailInfo[];
  caption: string;
  /** The mail whose retry is under way. */
  retryingId: number | null;
  onRetry: (mail: OutboxMailInfo) => void;
}

interface MailItemProps {
  mail: OutboxMailInfo;
  timeZone: string;
  retrying: boolean;
  onRetry: (mail: OutboxMailInfo) => void;
}

/** One page of outbox mails, newest first: cards on phones, a table from `sm` on. */
export function MailTable({ mails, caption, retryingId, onRetry }: MailTableProps) {
  const timeZone = useFacilityInfo().data?.timeZone ?? '';
  const withRetry = mails.some(canSendNow);
  const itemProps = (mail: OutboxMailInfo) => ({
    mail,
    timeZone,
    retrying: retryingId === mail.id,
    onRetry,
  });
  return (
    <>
      {/* Phones: one card per mail, every field and the Retry button visible. */}
      <CardList hiddenFrom="sm" label={caption}>
        {mails.map((mail) => (
          <MailCard key={mail.id} {...itemProps(mail)} />
        ))}
      </CardList>
      {/* Wider screens: four columns that fit the page without scrolling sideways. */}
      <Table striped captionSide="top" verticalSpacing="sm" visibleFrom="sm" layout="fixed">
        <Table.Caption>{caption}</Table.Caption>
        <ColumnHeaders
          columns={[
            { label: 'Mail', width: '40%' },
            { label: 'Status', width: '25%' },
            { label: 'Created and sent', width: withRetry ? '20%' : '35%' },
            withRetry && { label: 'Action', width: '15%' },
          ]}
        />
        <Table.Tbody>
          {mails.map((mail) => (
            <Table.Tr key={mail.id}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {mail.subject}
                </Text>
                <Text size="sm" style={breakWords}>
                  To {mail.to}
                </Text>
                <Text size="xs" c="dimmed">
                  {kindLabel(mail.kind)}
                </Text>
              </Table.Td>
              <Table.Td>
                <StatusBadge status={mail.status} />
                <Text size="xs" mt={4}>
                  {mail.attempts} {mail.attempts === 1 ? 'attempt' : 'attempts'}
                </Text>
                {mail.lastError ? (
                  <Text size="xs" c="dimmed" style={breakWords}>
                    Last error: {mail.lastError}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                <Text size="sm">Created {formatDateTime(mail.createdAt, timeZone)}</Text>
                <Text size="sm">
                  {mail.sentAt ? `Sent ${formatDateTime(mail.sentAt, timeZone)}` : 'Not sent yet'}
                </Text>
              </Table.Td>
              {withRetry ? (
                <Table.Td>
                  <RetryButton {...itemProps(mail)} />
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}

function StatusBadge({ status }: { status: OutboxMailInfo['status'] }) {
  const { label, color } = mailStatus(status);
  return (
    <Badge color={color} variant="light" style={{ minWidth: 'max-content' }}>
      {label}
    </Badge>
  );
}

/** A failed mail, or a queued one waiting for its next attempt, can be sent now (docs/mail.md). */
const canSendNow = (mail: OutboxMailInfo) => mail.status === 'failed' || mail.status === 'queued';

/** Retry a failed mail; send a queued one now instead of after its wait (when SMTP is back). */
function RetryButton({ mail, retrying, onRetry }: MailItemProps) {
  if (!canSendNow(mail)) return null;
  const label = mail.status === 'failed' ? 'Retry' : 'Send now';
  return (
    <Button
      size="xs"
      variant="light"
      aria-label={`${label}: the mail "${mail.subject}" to ${mail.to}`}
      loading={retrying}
      onClick={() => onRetry(mail)}
      style={noWrap}
    >
      {label}
    </Button>
  );
}

function MailCard(props: MailItemProps) {
  const { mail, timeZone } = props;
  return (
    <Card component="li" withBorder padding="sm">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <StatusBadge status={mail.status} />
        <Text size="sm" c="dimmed">
          {kindLabel(mail.kind)}
        </Text>
      </Group>
      <Text mt={4} fw={600}>
        {mail.subject}
      </Text>
      <Text size="sm" style={breakWords}>
        To: {mail.to}
      </Text>
      <Text size="sm">Attempts: {mail.attempts}</Text>
      <Text size="sm">Created: {formatDateTime(mail.createdAt, timeZone)}</Text>
      <Text size="sm">Sent: {mail.sentAt ? formatDateTime(mail.sentAt, timeZone) : '—'}</Text>
      <Text size="sm" style={breakWords}>
        Last error: {mail.lastError ?? '—'}
      </Text>
      {canSendNow(mail) ? (
        <Group mt="xs">
          <RetryButton {...props} />
        </Group>
      ) : null}
    </Card>
  );
}
