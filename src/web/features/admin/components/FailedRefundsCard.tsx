import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { longDate } from '../../../../shared/dates.js';
import { formatMoney } from '../../../../shared/pricing.js';
import { errorMessage } from '@/lib/api/client.js';
import { useFailedRefunds, useRetryRefund, type RefundInfo } from '../api/refunds.js';
import { DashboardCard } from './DashboardCard.js';

/** Why a failed refund could not be retried, when the server gives no message. */
export const refundRetryFailed = 'Could not ask for the refund again.';

/**
 * Refunds the site could not make by itself (docs/money.md, "Refunds"): shown
 * only while there are some, each with who and what it was for, what went
 * wrong, and a way to ask again once the cause is fixed (or to settle by hand).
 */
export function FailedRefundsCard() {
  const failed = useFailedRefunds();
  const retry = useRetryRefund();
  const [retryingId, setRetryingId] = useState<number | null>(null);
  const refunds = failed.data?.refunds ?? [];
  if (refunds.length === 0) return null;

  async function tryAgain(refund: RefundInfo) {
    setRetryingId(refund.id);
    try {
      const { message } = await retry.mutateAsync(refund.id);
      notifications.show({ color: 'green', title: 'Refund', message });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'Refund',
        message: errorMessage(error, refundRetryFailed),
      });
    } finally {
      setRetryingId(null);
    }
  }

  return (
    <DashboardCard title="Refunds that need you">
      <Text>
        {refunds.length === 1 ? 'This refund' : 'These refunds'} could not be made automatically.
        Settle {refunds.length === 1 ? 'it' : 'them'} with the church, or try again once the cause
        is fixed.
      </Text>
      <Stack
        component="ul"
        gap="sm"
        w="100%"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label="Failed refunds"
      >
        {refunds.map((r) => (
          <Card key={r.id} component="li" withBorder padding="sm">
            <Text fw={700}>
              {formatMoney(r.amountCents, r.currency)} to {r.accountName ?? 'a member of no church'}
            </Text>
            <Text size="sm">{stayOf(r)}</Text>
            <Text size="sm">Why it was refunded: {r.reason}</Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              What went wrong: {r.lastError ?? 'unknown'}
            </Text>
            <Group mt="xs">
              <Button
                size="xs"
                variant="light"
                loading={retryingId === r.id}
                aria-label={`Try again: the refund of ${formatMoney(r.amountCents, r.currency)} to ${r.accountName ?? 'a member of no church'}`}
                onClick={() => void tryAgain(r)}
              >
                Try again
              </Button>
            </Group>
          </Card>
        ))}
      </Stack>
      {failed.data?.more ? <Text size="sm">More failed refunds are waiting.</Text> : null}
    </DashboardCard>
  );
}

function stayOf(r: RefundInfo) {
  const reservation =
    r.reservationId === null
      ? 'No reservation'
      : `Reservation #${r.reservationId}${r.reservationExists ? '' : ' (deleted)'}`;
  const what = r.eventName
    ? `, "${r.eventName}"${r.firstDay ? ` from ${longDate(r.firstDay)}` : ''}`
    : '';
  return `${reservation}${what}; paid through ${r.provider}.`;
}
