import { Box, Paper, Text } from '@mantine/core';
import { formatMoney } from '../../../../shared/pricing.js';
import type { LedgerSummary } from '../api/payments.js';

const grid = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(12rem, 1fr))',
  gap: 'var(--mantine-spacing-md)',
  margin: 0,
} as const;

/** Received, refunded and outstanding for the filters, as a description list. */
export function PaymentTotals({ summary }: { summary: LedgerSummary }) {
  const totals = [
    { label: 'Received', cents: summary.receivedCents },
    { label: 'Refunded', cents: summary.refundedCents },
    { label: 'Outstanding', cents: summary.outstandingCents },
  ];
  return (
    <Box component="dl" style={grid}>
      {totals.map((t) => (
        <Paper key={t.label} withBorder p="md">
          <Text component="dt" size="sm" c="dimmed">
            {t.label}
          </Text>
          <Text component="dd" fz="xl" fw={700} m={0}>
            {formatMoney(t.cents, summary.currency)}
          </Text>
        </Paper>
      ))}
    </Box>
  );
}
