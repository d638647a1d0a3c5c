import { Box, Card, Stack, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { CardList, Field, FieldList } from '@/components/cards/CardList.js';
import { useIsPhone } from '@/components/useIsPhone.js';
import { breakLongWords } from '@/components/BreakableEmail.js';

export interface ListColumn<T> {
  /** The column's header, and the field's label on a card. */
  label: string;
  cell: (item: T) => ReactNode;
  /** The column's share of a fixed-layout table, e.g. '20%'. */
  width?: string;
}

export interface ResponsiveListProps<T> {
  /** Names the table (its caption) and the list of cards. */
  caption: string;
  items: readonly T[];
  /** The id of each row and card: where the focus goes after an action on it. */
  itemId: (item: T) => string;
  /** The first column; a card's heading line on a phone. */
  title: ListColumn<T>;
  columns: readonly ListColumn<T>[];
  /** The last column's buttons, at the size that fits the table or the card. */
  actions?: Omit<ListColumn<T>, 'cell'> & { cell: (item: T, size: 'xs' | 'sm') => ReactNode };
  /** Below this width (a tablet beside the side navigation) the table scrolls. */
  minWidth?: number;
}

/**
 * A list of one kind of item: stacked cards on phones (every field labelled,
 * then the actions), else a table. Only one of them is rendered, so that no
 * text is there twice. Long words wrap in both.
 */
export function ResponsiveList<T>({
  caption,
  items,
  itemId,
  title,
  columns,
  actions,
  minWidth = 600,
}: ResponsiveListProps<T>) {
  const isPhone = useIsPhone();
  if (isPhone) {
    return (
      <CardList label={caption}>
        {items.map((item) => (
          <Card key={itemId(item)} id={itemId(item)} component="li" withBorder padding="md">
            <Stack gap="sm">
              <Box fw={600} style={breakLongWords}>
                {title.cell(item)}
              </Box>
              <FieldList>
                {columns.map((c) => (
                  <Field key={c.label} label={c.label}>
                    <Box fz="sm" style={breakLongWords}>
                      {c.cell(item)}
                    </Box>
                  </Field>
                ))}
              </FieldList>
              {actions ? actions.cell(item, 'sm') : null}
            </Stack>
          </Card>
        ))}
      </CardList>
    );
  }
  const all = [title, ...columns, ...(actions ? [actions] : [])];
  const fixed = all.every((c) => c.width);
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native">
      <Table
        striped
        highlightOnHover
        captionSide="top"
        verticalSpacing="sm"
        layout={fixed ? 'fixed' : 'auto'}
      >
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {all.map((c) => (
              <Table.Th key={c.label} scope="col" w={c.width}>
                {c.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={itemId(item)} id={itemId(item)}>
              <Table.Td fw={600} style={breakLongWords}>
                {title.cell(item)}
              </Table.Td>
              {columns.map((c) => (
                <Table.Td key={c.label} style={breakLongWords}>
                  {c.cell(item)}
                </Table.Td>
              ))}
              {actions ? <Table.Td>{actions.cell(item, 'xs')}</Table.Td> : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
