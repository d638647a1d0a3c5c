import { Anchor, Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import classes from './CalendarSubscribe.module.css';
import { lazy, Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react';

// Only a personal feed (with "Reset link") asks for a confirmation: the public
// availability page does not load the dialog (first page's JavaScript budget).
const ConfirmDialog = lazy(() =>
  import('../ConfirmDialog.js').then((m) => ({ default: m.ConfirmDialog })),
);

/** How long "Link copied" (and the other short confirmations) stay on screen. */
export const CONFIRMATION_MS = 4000;

/** The same feed for a calendar app: `webcal://` instead of `http(s)://`. */
export const webcalUrl = (url: string) => url.replace(/^https?:\/\//i, 'webcal://');

export interface CalendarSubscribeProps {
  /**
   * The absolute address of the feed (docs/calendar.md); undefined while it is
   * being fetched (a personal feed is asked for when the section opens).
   */
  url: string | undefined;
  /** Instead of the address when it could not be had. */
  error?: string | undefined;
  /** Told when the section opens or closes. */
  onOpenChange?: (opened: boolean) => void;
  /** What the feed holds, shown above the address. */
  description?: ReactNode;
  /**
   * Offers "Reset link": a new address, the old one stops working. May return a
   * promise: its end is announced ("New link ready") or its failure.
   */
  onRotate?: () => void | Promise<unknown>;
  /** True while a reset runs. */
  rotating?: boolean;
}

/**
 * "Subscribe": a collapsed section with the feed's address in a read-only
 * field, "Copy link", "Open in calendar app" (webcal://) and, for a personal
 * feed, "Reset link". Small enough to sit under a calendar on a 360 px screen.
 */
export function CalendarSubscribe({
  url,
  description,
  onRotate,
  rotating = false,
  error,
  onOpenChange,
}: CalendarSubscribeProps) {
  const id = useId();
  const panelId = `${id}-panel`;
  const [opened, setOpened] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [status, setStatus] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  function announce(text: string) {
    clearTimeout(timer.current);
    setStatus(text);
    timer.current = setTimeout(() => setStatus(''), CONFIRMATION_MS);
  }

  async function copy(link: string) {
    try {
      await navigator.clipboard.writeText(link);
      announce('Link copied');
    } catch {
      announce('The link could not be copied: select the address and copy it.');
    }
  }

  async function rotate() {
    setConfirming(false);
    try {
      await onRotate?.();
      announce('New link ready. The old link no longer works.');
    } catch {
      announce('The link could not be reset. Please try again.');
    }
  }

  return (
    <Box mt="xs">
      <Button
        variant="light"
        size="compact-sm"
        aria-expanded={opened}
        aria-controls={panelId}
        onClick={() => {
          setOpened(!opened);
          onOpenChange?.(!opened);
        }}
      >
        Subscribe
      </Button>
      <div id={panelId}>
        {opened ? (
          <Paper withBorder p="sm" mt="xs" maw={560}>
            <Stack gap="xs">
              <Text size="sm">
                {description ??
                  'Add this calendar to your calendar app; it keeps itself up to date.'}
              </Text>
              {url === undefined ? (
                <Text size="sm" role={error ? 'alert' : undefined} c={error ? 'red.9' : undefined}>
                  {error ?? 'Getting your link...'}
                </Text>
              ) : (
                <>
                  <div>
                    <label htmlFor={`${id}-link`} className={classes.label}>
                      Calendar link
                    </label>
                    <input
                      id={`${id}-link`}
                      className={classes.input}
                      value={url}
                      readOnly
                      onFocus={(e) => e.currentTarget.select()}
                    />
                  </div>
                  <Group gap="xs">
                    <Button size="compact-sm" onClick={() => void copy(url)}>
                      Copy link
                    </Button>
                    <Anchor href={webcalUrl(url)} size="sm">
                      Open in calendar app
                    </Anchor>
                  </Group>
                </>
              )}
              {onRotate && url !== undefined ? (
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  <Button
                    size="compact-sm"
                    variant="default"
                    loading={rotating}
                    onClick={() => setConfirming(true)}
                    style={{ flexShrink: 0 }}
                  >
                    Reset link
                  </Button>
                  <Text size="xs" c="dimmed">
                    Makes a new link. The old link stops working in every calendar that uses it.
                  </Text>
                </Group>
              ) : null}
            </Stack>
          </Paper>
        ) : null}
        <Text role="status" aria-live="polite" size="sm" fw={500} mt={status ? 'xs' : 0}>
          {status}
        </Text>
      </div>
      {onRotate ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            opened={confirming}
            title="Reset the calendar link?"
            message="Calendars subscribed with the old link stop updating. Subscribe again with the new link."
            confirmLabel="Reset link"
            cancelLabel="Keep link"
            busy={rotating}
            onConfirm={() => void rotate()}
            onCancel={() => setConfirming(false)}
          />
        </Suspense>
      ) : null}
    </Box>
  );
}
