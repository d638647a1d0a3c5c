import { Box, Text, type MantineBreakpoint } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The phone layout of every table: a named list of cards (`<ul>`, each card an
 * `<li>`), and inside a card its fields as a definition list (`FieldList`).
 * Named by `label`, or by the heading whose id is `labelledBy`.
 */
export function CardList({
  label,
  labelledBy,
  hiddenFrom,
  children,
}: {
  label?: string;
  labelledBy?: string;
  /** Shown on phones only, beside a table drawn from this breakpoint on. */
  hiddenFrom?: MantineBreakpoint;
  children: ReactNode;
}) {
  return (
    <Box
      hiddenFrom={hiddenFrom}
      component="ul"
      role="list"
      aria-label={label}
      aria-labelledby={labelledBy}
      m={0}
      p={0}
      style={{ listStyle: 'none', display: 'grid', gap: 'var(--mantine-spacing-sm)' }}
    >
      {children}
    </Box>
  );
}

/** Labels in a narrow first column, values beside them; values wrap, never scroll. */
export function FieldList({ children }: { children: ReactNode }) {
  return (
    <Box
      component="dl"
      m={0}
      style={{
        display: 'grid',
        gridTemplateColumns: 'minmax(4.5rem, max-content) minmax(0, 1fr)',
        gap: 'var(--mantine-spacing-xs) var(--mantine-spacing-sm)',
      }}
    >
      {children}
    </Box>
  );
}

/** One label and its value: a `<dt>` and a `<dd>` of a `FieldList`. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Text component="dt" size="sm" fw={600}>
        {label}
      </Text>
      <Box component="dd" m={0} miw={0}>
        {children}
      </Box>
    </>
  );
}
