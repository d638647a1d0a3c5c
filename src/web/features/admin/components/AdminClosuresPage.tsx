import { Card, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '@/lib/api/client.js';
import { ConfirmDialog } from '@/components/ConfirmDialog.js';
import { byId, focusResult } from '@/components/focus-result.js';
import { PageTitle } from '@/components/PageTitle.js';
import { staffClosuresQuery, useRemoveClosure, type AdminClosure } from '../api/closures.js';
import { ClosuresList } from './ClosuresList.js';
import { CloseDaysForm } from './CloseDaysForm.js';
import { QueryStatus } from '@/components/QueryStatus.js';

/**
 * /admin/closures: the staff close days for maintenance or the house's own
 * events (docs/calendar.md); every calendar and feed then shows them closed.
 */
export function AdminClosuresPage() {
  const closures = useQuery(staffClosuresQuery);
  const remove = useRemoveClosure();
  const [confirming, setConfirming] = useState<AdminClosure | null>(null);

  function open(closure: AdminClosure) {
    remove.mutate(closure.id, {
      onSuccess: () => {
        notifications.show({
          color: 'green',
          title: 'Closed days',
          message: `${closure.startDate} to ${closure.endDate} can be reserved again.`,
        });
        focusResult(byId('closures-heading'));
      },
      onError: (err) =>
        notifications.show({
          color: 'red',
          title: 'Closed days',
          message: errorMessage(err, 'The days could not be opened again.'),
        }),
      onSettled: () => setConfirming(null),
    });
  }

  const list = closures.data ?? [];
  return (
    <>
      <PageTitle>Closed days</PageTitle>
      <Stack>
        <Text>
          Close days for maintenance or the house&apos;s own events. Closed days cannot be reserved;
          calendars and feeds show them with their public label.
        </Text>
        <Card withBorder padding="lg" component="section" aria-labelledby="close-days-heading">
          <Title order={2} size="h4" id="close-days-heading" mb="sm">
            Close days
          </Title>
          <CloseDaysForm
            onClosed={(closure) => {
              notifications.show({
                color: 'green',
                title: 'Closed days',
                message: `Closed ${closure.startDate} to ${closure.endDate}.`,
              });
              focusResult(byId(`closure-${closure.id}`), byId('closures-heading'));
            }}
          />
        </Card>
        <section aria-labelledby="closures-heading">
          <Title order={2} size="h4" id="closures-heading" tabIndex={-1} mb="sm">
            Current and coming closures
          </Title>
          <QueryStatus
            query={closures}
            failed="The closures could not be loaded."
            loading="Loading closures..."
          />
          {closures.data && list.length === 0 ? <Text>No days are closed.</Text> : null}
          {list.length > 0 ? (
            <ClosuresList
              closures={list}
              busyId={remove.isPending ? remove.variables : undefined}
              onRemove={setConfirming}
            />
          ) : null}
        </section>
      </Stack>
      {confirming ? (
        <ConfirmDialog
          opened
          title="Open these days again"
          message={
            <Text mb="lg">
              {`Open ${confirming.startDate} to ${confirming.endDate} (${confirming.label}) again? Churches can then reserve these days.`}
            </Text>
          }
          confirmLabel="Open again"
          cancelLabel="Keep closed"
          busy={remove.isPending}
          onConfirm={() => open(confirming)}
          onCancel={() => setConfirming(null)}
        />
      ) : null}
    </>
  );
}
