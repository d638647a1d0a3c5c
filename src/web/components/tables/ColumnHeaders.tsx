import { Table } from '@mantine/core';

/** A column's header with its layout: its share of a fixed-layout table, its alignment. */
export interface ColumnHeader {
  label: string;
  /** e.g. '20%'. */
  width?: string;
  align?: 'right';
}

/**
 * The head of a table: one row of column headers (`<th scope="col">`), in
 * order. A column is its label, or a `ColumnHeader`; `false` leaves it out
 * (`showChurch && 'Church'`).
 */
export function ColumnHeaders({
  columns,
}: {
  columns: readonly (string | ColumnHeader | false)[];
}) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((column) => {
          if (column === false) return null;
          const { label, width, align }: ColumnHeader =
            typeof column === 'string' ? { label: column } : column;
          return (
            <Table.Th key={label} scope="col" w={width} ta={align}>
              {label}
            </Table.Th>
          );
        })}
      </Table.Tr>
    </Table.Thead>
  );
}
