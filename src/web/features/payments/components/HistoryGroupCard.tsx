import { Box, Paper, Stack } from '@mantine/core';
import { formatDate } from '@/lib/format.js';
import type { HistoryGroup } from '../ledger.js';
import { CardList, Field, FieldList } from '@/components/cards/CardList.js';
import { DateRange } from '@/components/cards/DateRange.js';
import {
  PaperCell,
  Transaction,
  amountOf,
  type HistoryGroupRowsProps,
} from './HistoryGroupRows.js';

/**
 * One reservation of the Payment History on a phone: its event and dates, then
 * each payment and refund with amount, date and its receipt or credit note.
 */
export function HistoryGroupCard(props: HistoryGroupRowsProps) {
  const { group } = props;
  return (
    <Paper component="li" withBorder p="sm">
      <FieldList>
        <Field label="Event">{group.eventName}</Field>
        <Field label="Dates">
          <DateRange dates={group.dates} />
        </Field>
      </FieldList>
      <Stack
        component="ul"
        role="list"
        aria-label={`Transactions for ${group.eventName}`}
        gap="xs"
        mt="xs"
        mb={0}
        p={0}
        style={{ listStyle: 'none' }}
      >
        {group.entries.map((entry) => (
          <Box
            component="li"
            key={entry.id}
            pt="xs"
            style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
          >
            <FieldList>
              <Field label="Transaction">
                <Transaction entry={entry} />
              </Field>
              <Field label="Amount">{amountOf(entry)}</Field>
              <Field label="Date">
                <span style={{ whiteSpace: 'nowrap' }}>{formatDate(entry.createdAt)}</span>
              </Field>
              <Field label="Document">
                <PaperCell entry={entry} {...props} />
              </Field>
            </FieldList>
          </Box>
        ))}
      </Stack>
    </Paper>
  );
}

export interface HistoryCardsProps extends Omit<HistoryGroupRowsProps, 'group'> {
  groups: HistoryGroup[];
  /** Names the list, e.g. the id of the section's heading. */
  labelledBy: string;
}

/** The Payment History as a list of cards, one per reservation (phones). */
export function HistoryCards({ groups, labelledBy, ...rest }: HistoryCardsProps) {
  return (
    <CardList labelledBy={labelledBy}>
      {groups.map((group) => (
        <HistoryGroupCard key={group.key} group={group} {...rest} />
      ))}
    </CardList>
  );
}
