import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { atPhoneWidth } from '../../test/utils.js';
import { CardsOrTable, type CardColumn } from './CardsOrTable.js';

interface Stay {
  id: number;
  name: string;
  dates: string;
}

const stays: Stay[] = [
  { id: 1, name: 'Retreat', dates: '2027-03-01 to 2027-03-03' },
  { id: 2, name: 'Camp', dates: '2027-04-10' },
];

const columns: CardColumn<Stay>[] = [
  { label: 'Event', cell: (s) => <strong>{s.name}</strong> },
  { label: 'Dates', cell: (s) => s.dates },
];

const texts = (elements: readonly Element[]) => elements.map((e) => e.textContent);

function renderStays() {
  render(
    <MantineProvider env="test">
      <CardsOrTable label="Stays" items={stays} columns={columns} />
    </MantineProvider>,
  );
}

describe('CardsOrTable', () => {
  it('is a table of the columns on a wider screen, and no list of cards', () => {
    renderStays();
    const table = screen.getByRole('table');
    expect(texts(within(table).getAllByRole('columnheader'))).toEqual(['Event', 'Dates']);
    const [, ...rows] = within(table).getAllByRole('row');
    expect(rows.map((row) => texts(within(row).getAllByRole('cell')))).toEqual([
      ['Retreat', '2027-03-01 to 2027-03-03'],
      ['Camp', '2027-04-10'],
    ]);
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('is a named list of cards on a phone, each column a labelled field, and no table', () => {
    atPhoneWidth();
    renderStays();
    const list = screen.getByRole('list', { name: 'Stays' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(texts([...cards[1]!.querySelectorAll('dt')])).toEqual(['Event', 'Dates']);
    expect(texts([...cards[1]!.querySelectorAll('dd')])).toEqual(['Camp', '2027-04-10']);
    expect(screen.queryByRole('table')).toBeNull();
  });
});
