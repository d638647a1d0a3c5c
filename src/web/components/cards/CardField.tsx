import { Box, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * One field of a card on a phone: the column's name, then its value (beside
 * it when there is room, under it when not). Goes in a `<dl>`.
 */
export function CardField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'baseline',
        columnGap: 12,
        rowGap: 2,
      }}
    >
      <Text component="dt" fw={700} size="sm" style={{ flex: '0 0 6.5rem' }}>
        {label}
      </Text>
      <Text
        component="dd"
        m={0}
        style={{ flex: '1 1 11rem', minWidth: 0, overflowWrap: 'break-word' }}
      >
        {children}
      </Text>
    </Box>
  );
}
