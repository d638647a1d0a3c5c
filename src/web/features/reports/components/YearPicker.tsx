import { Button, Group, Text } from '@mantine/core';
import { FIRST_REPORT_YEAR, LAST_REPORT_YEAR } from '../api/occupancy.js';

/** The report's year with buttons to the one before and after, within the server's years. */
export function YearPicker({ year, onChange }: { year: number; onChange: (year: number) => void }) {
  return (
    <Group gap="xs" role="group" aria-label="Year of the report">
      <Button
        variant="default"
        onClick={() => onChange(year - 1)}
        disabled={year <= FIRST_REPORT_YEAR}
      >
        Previous year
      </Button>
      <Text fw={700} fz="lg" miw="3.5em" ta="center" aria-live="polite">
        {year}
      </Text>
      <Button
        variant="default"
        onClick={() => onChange(year + 1)}
        disabled={year >= LAST_REPORT_YEAR}
      >
        Next year
      </Button>
    </Group>
  );
}
