import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog.js';
import { errorMessage } from '@/lib/api/client.js';
import { attendeeLinkQuery, fullUrl, useNewAttendeeLink } from '../api/attendees.js';

/** How long "Link copied" and the other short confirmations stay on screen. */
export const LINK_NOTE_MS = 4000;
export const LINK_LOAD_FAILED = 'The link could not be made just now. Please try again later.';
export const NEW_LINK_QUESTION =
  'The link you shared stops working at once: whoever has not given their name yet needs the new link. The names already given stay.';

/**
 * "Share this link": the address attendees open to give their names (no
 * account needed), Copy, and "Make a new link" after a confirmation (the old
 * one stops working).
 */
export function AttendeeLink({ reservationId }: { reservationId: number }) {
  const link = useQuery(attendeeLinkQuery(reservationId));
  const rotate = useNewAttendeeLink(reservationId);
  const [confirming, setConfirming] = useState(false);
  const [note, setNote] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  function announce(text: string) {
    clearTimeout(timer.current);
    setNote(text);
    timer.current = setTimeout(() => setNote(''), LINK_NOTE_MS);
  }

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      announce('Link copied.');
    } catch {
      announce('The link could not be copied: select the address and copy it.');
    }
  }

  async function makeNew() {
    try {
      await rotate.mutateAsync();
      announce('New link ready. The old link no longer works.');
    } catch (err) {
      announce(errorMessage(err, 'A new link could not be made. Please try again.'));
    }
    setConfirming(false);
  }

  const url = link.data ? fullUrl(link.data.url) : undefined;
  return (
    <Stack gap="xs">
      <Text fw={600}>Share this link</Text>
      <Text size="sm">
        Send it to the people coming: each opens it and gives their name and diet. No account is
        needed, and they see only the name and dates of the stay.
      </Text>
      {link.isError ? (
        <Text role="alert" c="red.9" size="sm">
          {errorMessage(link.error, LINK_LOAD_FAILED)}
        </Text>
      ) : url === undefined ? (
        <Text size="sm">Getting your link...</Text>
      ) : (
        <>
          <TextInput
            label="Link for attendees"
            value={url}
            readOnly
            onFocus={(e) => e.currentTarget.select()}
          />
          <Group gap="xs">
            <Button size="compact-sm" onClick={() => void copy(url)}>
              Copy link
            </Button>
            <Button
              size="compact-sm"
              variant="default"
              loading={rotate.isPending}
              onClick={() => setConfirming(true)}
            >
              Make a new link
            </Button>
          </Group>
        </>
      )}
      <Text role="status" size="sm" fw={500}>
        {note}
      </Text>
      <ConfirmDialog
        opened={confirming}
        title="Make a new link?"
        message={NEW_LINK_QUESTION}
        confirmLabel="Make a new link"
        cancelLabel="Keep this link"
        busy={rotate.isPending}
        onConfirm={() => void makeNew()}
        onCancel={() => setConfirming(false)}
      />
    </Stack>
  );
}
