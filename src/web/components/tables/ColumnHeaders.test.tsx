import { MantineProvider, Table } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ColumnHeaders, type ColumnHeader } from './ColumnHeaders.js';

function renderHead(columns: readonly (string | ColumnHeader | false)[]) {
  render(
    <MantineProvider env="test">
      <Table>
        <ColumnHeaders columns={columns} />
      </Table>
    </MantineProvider>,
  );
}

describe('ColumnHeaders', () => {
  it('is one row of column headers in order, each scoped to its column', () => {
    renderHead(['Event', 'Dates', 'Status']);
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['Event', 'Dates', 'Status']);
    for (const h of headers) expect(h).toHaveAttribute('scope', 'col');
    expect(screen.getAllByRole('row')).toHaveLength(1);
    expect(headers[0]!.closest('thead')).not.toBeNull();
  });

  it('leaves out a column given as false', () => {
    const showChurch = false;
    renderHead(['Date', showChurch && 'Church', 'Event']);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Date',
      'Event',
    ]);
  });

  it('gives a column its width and alignment', () => {
    renderHead([
      { label: 'Mail', width: '40%' },
      { label: 'Amount', align: 'right' },
    ]);
    expect(screen.getByRole('columnheader', { name: 'Mail' }).style.width).toBe('40%');
    expect(screen.getByRole('columnheader', { name: 'Amount' }).style.textAlign).toBe('right');
  });
});
