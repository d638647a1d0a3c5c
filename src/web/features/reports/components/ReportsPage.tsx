import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { PageTitle } from '@/components/PageTitle.js';
import { QueryLoadError, QueryStatus } from '@/components/QueryStatus.js';
import { useHouseToday } from '@/lib/api/houseToday.js';
import {
  FIRST_REPORT_YEAR,
  isReportYear,
  occupancyCsvUrl,
  useHouseCurrency,
  useOccupancy,
} from '../api/occupancy.js';
import { OccupancyTable } from './OccupancyTable.js';
import { MoneyChart, OccupancyChart } from './ReportCharts.js';
import { YearPicker } from './YearPicker.js';

export const reportFailed = (year: number) => `The report for ${year} could not be loaded.`;
export const beforeFailed = (year: number) =>
  `The figures of ${year} could not be loaded, so the comparison with them is left out.`;

export const nextYearNote = (year: number) =>
  `No stays in ${year} yet: here is ${year + 1}, the next year with stays.`;

/** `?year=2027`, when it is one the server reports on. */
function yearParam(value: string | null): number | null {
  const year = value && /^\d{4}$/.test(value) ? Number(value) : NaN;
  return isReportYear(year) ? year : null;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </section>
  );
}

/**
 * Reports: the house's occupancy and money by month for a year, against the
 * year before (docs/house-operations.md), as charts, as a table and as a CSV
 * download. The year is kept in the address (`?year=2027`); unless told, this
 * year (the house's), or the next when this one has no stay and the next has.
 */
export function ReportsPage() {
  const [params, setParams] = useSearchParams();
  const thisYear = Number(useHouseToday().slice(0, 4));
  const asked = yearParam(params.get('year'));
  // Unless told, the year that matters: this one, or the next when only it has stays.
  const thisYearReport = useOccupancy(thisYear, asked === null);
  const noStaysYet = thisYearReport.data?.every((m) => m.stays === 0) ?? false;
  const nextReport = useOccupancy(
    thisYear + 1,
    asked === null && noStaysYet && isReportYear(thisYear + 1),
  );
  const onNext = asked === null && noStaysYet && !!nextReport.data?.some((m) => m.stays > 0);
  const year = asked ?? (onNext ? thisYear + 1 : thisYear);
  const yearBefore = year - 1;
  const report = useOccupancy(year);
  const before = useOccupancy(yearBefore, yearBefore >= FIRST_REPORT_YEAR);
  const currency = useHouseCurrency();

  function showYear(next: number) {
    setParams(
      (prev) => {
        const nextParams = new URLSearchParams(prev);
        nextParams.set('year', String(next));
        return nextParams;
      },
      { replace: true },
    );
  }

  const months = report.data;
  const beforeMonths = before.data;
  return (
    <>
      <PageTitle>Reports</PageTitle>
      <Stack>
        <Text>
          How full the house was and what it invoiced, received, refunded and is still owed, month
          by month, against the year before.
        </Text>
        {onNext ? <Text>{nextYearNote(thisYear)}</Text> : null}
        <Group justify="space-between" align="center">
          <YearPicker year={year} onChange={showYear} />
          <Button component="a" href={occupancyCsvUrl(year)} download variant="default">
            Download CSV
          </Button>
        </Group>

        <QueryStatus
          query={report}
          failed={reportFailed(year)}
          loading={`Loading the report for ${year}...`}
        />
        {months ? (
          <>
            <QueryLoadError query={before} message={beforeFailed(yearBefore)} />
            <Section title={`Occupancy by month, ${year}`}>
              <OccupancyChart year={year} months={months} before={beforeMonths} />
            </Section>
            <Section title={`Money by month, ${year}`}>
              <MoneyChart year={year} months={months} currency={currency} />
            </Section>
            <Section title={`Figures by month, ${year}`}>
              <OccupancyTable
                year={year}
                months={months}
                before={beforeMonths}
                currency={currency}
              />
            </Section>
          </>
        ) : null}
      </Stack>
    </>
  );
}
