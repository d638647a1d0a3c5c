import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HouseCalendarKey } from './HouseCalendarKey.js';

const closure = { id: 7, startDate: '2027-03-10', endDate: '2027-03-12', label: 'Roof repairs' };

function renderKey(turnoverDays: number, closures = [closure]) {
  render(
    <MantineProvider env="test">
      <HouseCalendarKey
        legend={[
          { tone: 'available', text: 'Available' },
          { tone: 'past', text: 'Past' },
        ]}
        closures={closures}
        turnoverDays={turnoverDays}
      />
    </MantineProvider>,
  );
}

const legendTexts = () =>
  within(screen.getByRole('list', { name: 'Calendar legend' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('HouseCalendarKey', () => {
  it("lists the calendar's own legend, then the house's closed and turnover days, and spells them out", () => {
    renderKey(2);
    expect(legendTexts()).toEqual([
      'Available',
      'Past',
      'Closed by the house',
      'Turnover (kept free between stays)',
    ]);
    expect(screen.getByRole('list', { name: 'Closed days this month' })).toHaveTextContent(
      'Closed March 10 to March 12: Roof repairs',
    );
    expect(screen.getByText(/keeps 2 days free before and after each stay/)).toBeInTheDocument();
  });

  it('has no turnover entry or note when the house keeps no turnover days', () => {
    renderKey(0, []);
    expect(legendTexts()).toEqual(['Available', 'Past', 'Closed by the house']);
    expect(screen.queryByRole('list', { name: 'Closed days this month' })).toBeNull();
    expect(screen.queryByText(/turnover \(cleaning/)).toBeNull();
  });
});
