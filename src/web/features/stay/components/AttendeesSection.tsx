import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { isHolding } from '../../../../shared/reservations.js';
import type { Reservation } from '../../../../shared/schemas/reservations.js';
import { ConfirmDialog } from '@/components/ConfirmDialog.js';
import { errorMessage } from '@/lib/api/client.js';
import { attendeesQuery, useRemoveAttendee, type Attendee } from '../api/attendees.js';
import { AttendeeLink } from './AttendeeLink.js';
import { StaySection } from './StaySection.js';

export const ATTENDEES_LOAD_FAILED = 'The attendees could not be loaded just now.';

const people = (n: number) => (n === 1 ? '1 person has' : `${n} people have`);

/** The names given through the link, each with its diet and notes and a Remove button. */
function AttendeeList({ reservationId }: { reservationId: number }) {
  const attendees = useQuery(attendeesQuery(reservationId));
  const remove = useRemoveAttendee(reservationId);
  // The attendee asked about stays set while the dialog closes, so its text does not flash.
  const [asking, setAsking] = useState<Attendee | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function confirmRemove(a: Attendee) {
    setFailure(null);
    try {
      await remove.mutateAsync(a.id);
    } catch (err) {
      setFailure(errorMessage(err, `${a.name} could not be removed. Please try again.`));
    }
    setConfirming(false);
  }

  if (attendees.isPending) return <Text>Loading the attendees...</Text>;
  if (attendees.isError) {
    return (
      <Text role="alert" c="red.9">
        {errorMessage(attendees.error, ATTENDEES_LOAD_FAILED)}
      </Text>
    );
  }
  const list = attendees.data;
  return (
    <Stack gap="xs">
      <Text fw={600}>
        {list.length === 0
          ? 'Nobody has given their name yet.'
          : `${people(list.length)} given their name.`}
      </Text>
      {failure ? (
        <Text role="alert" c="red.9" size="sm">
          {failure}
        </Text>
      ) : null}
      {list.length > 0 ? (
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
          {list.map((a) => (
            <Paper component="li" key={a.id} withBorder p="sm">
              <Group justify="space-between" align="flex-start" gap="xs">
                <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                  <Text fw={600}>{a.name}</Text>
                  <Text size="sm">{`Diet: ${a.diet || 'none given'}`}</Text>
                  {a.notes ? <Text size="sm">{`Notes: ${a.notes}`}</Text> : null}
                </div>
                <Button
                  size="compact-sm"
                  variant="light"
                  color="red"
                  aria-label={`Remove ${a.name}`}
                  onClick={() => {
                    setAsking(a);
                    setConfirming(true);
                  }}
                >
                  Remove
                </Button>
              </Group>
            </Paper>
          ))}
        </Stack>
      ) : null}
      <ConfirmDialog
        opened={confirming}
        title="Remove this attendee?"
        message={asking ? `${asking.name} leaves the list of attendees.` : ''}
        confirmLabel="Remove"
        cancelLabel="Keep"
        confirmColor="red"
        busy={remove.isPending}
        onConfirm={() => asking && void confirmRemove(asking)}
        onCancel={() => setConfirming(false)}
      />
    </Stack>
  );
}

/**
 * "Attendees": the owner's link to share (while the stay holds its days) and
 * the names given through it; an administrator sees the names only. The
 * names are also the rooming board's.
 */
export function AttendeesSection({
  reservation: r,
  staff,
}: {
  reservation: Pick<Reservation, 'id' | 'status'>;
  staff: boolean;
}) {
  return (
    <StaySection id="attendees" title="Attendees">
      {!staff && isHolding(r.status) ? <AttendeeLink reservationId={r.id} /> : null}
      <AttendeeList reservationId={r.id} />
    </StaySection>
  );
}
