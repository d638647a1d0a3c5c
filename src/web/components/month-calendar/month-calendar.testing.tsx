/**
 * Test fixtures of the month calendar: the calendar in a harness that keeps its
 * month and its selection as a page would, and its day buttons by name.
 */
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { useState } from 'react';
import type { DayKey } from '../../../shared/dates.js';
import { MonthCalendar, type DayInfo, type DaySelection } from './index.js';

export interface HarnessProps {
  start?: { year: number; month: number };
  getDay?: (key: DayKey) => DayInfo;
  selection?: DaySelection | null;
  onSelect?: (key: DayKey) => void;
  readOnly?: boolean;
  today?: DayKey;
  isDisabled?: (key: DayKey) => boolean;
  onSelectDisabled?: (key: DayKey) => void;
}

function Harness({ start = { year: 2027, month: 3 }, readOnly, onSelect, ...rest }: HarnessProps) {
  const [view, setView] = useState(start);
  const [selected, setSelected] = useState<DaySelection | null>(rest.selection ?? null);
  return (
    <MonthCalendar
      year={view.year}
      month={view.month}
      onMonthChange={(year, month) => setView({ year, month })}
      getDay={rest.getDay}
      today={rest.today}
      isDisabled={rest.isDisabled}
      onSelectDisabled={rest.onSelectDisabled}
      selection={selected}
      onSelect={
        readOnly
          ? undefined
          : (key) => {
              onSelect?.(key);
              setSelected((s) =>
                s && !s.end && s.start !== key ? { start: s.start, end: key } : { start: key },
              );
            }
      }
    />
  );
}

export function renderCalendar(props: HarnessProps = {}) {
  return render(
    <MantineProvider env="test">
      <Harness {...props} />
    </MantineProvider>,
  );
}

export const day = (name: string | RegExp) => screen.getByRole('button', { name });
