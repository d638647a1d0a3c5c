import { Paper, Table, type TableProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { ColumnHeaders } from '../tables/ColumnHeaders.js';
import { useIsPhone } from '../useIsPhone.js';
import { CardList, Field, FieldList } from './CardList.js';

/** A column of the table, and the same field of a card. */
export interface CardColumn<T> {
  /** The column's header, and the field's label on a card. */
  label: string;
  cell: (item: T) => ReactNode;
}

export interface CardsOrTableProps<T> {
  /** Names the list of cards. */
  label: string;
  /** Keyed by their ids. */
  items: readonly T[];
  columns: readonly CardColumn<T>[];
  /** The table's row spacing, `sm` unless told. */
  verticalSpacing?: TableProps['verticalSpacing'];
}

/**
 * A short read-only list: on a phone a named list of cards, each with every
 * column as a labelled field; otherwise a table with the same columns. Only one
 * of them is rendered, so that no text is there twice.
 */
export function CardsOrTable<T extends { id: number | string }>({
  label,
  items,
  columns,
  verticalSpacing = 'sm',
}: CardsOrTableProps<T>) {
  const phone = useIsPhone();
  if (phone)
    return (
      <CardList label={label}>
        {items.map((item) => (
          <Paper component="li" key={item.id} withBorder p="sm">
            <FieldList>
              {columns.map((c) => (
                <Field key={c.label} label={c.label}>
                  {c.cell(item)}
                </Field>
              ))}
            </FieldList>
          </Paper>
        ))}
      </CardList>
    );
  return (
    <Table verticalSpacing={verticalSpacing}>
      <ColumnHeaders columns={columns.map((c) => c.label)} />
      <Table.Tbody>
        {items.map((item) => (
          <Table.Tr key={item.id}>
            {columns.map((c) => (
              <Table.Td key={c.label}>{c.cell(item)}</Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
