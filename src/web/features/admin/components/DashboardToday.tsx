import { Anchor, Group, Stack, Text } from '@mantine/core';
import { generatePath } from 'react-router';
import { ARRIVING_DAYS } from '../../../../shared/schemas/operations.js';
import { longDate } from '../../../../shared/dates.js';
import { paths } from '@/app/paths.js';
import { CardsOrTable, type CardColumn } from '@/components/cards/CardsOrTable.js';
import { DateRange } from '@/components/cards/DateRange.js';
import { QueryStatus } from '@/components/QueryStatus.js';
import { RouterAnchor } from '@/components/RouterAnchor.js';
import { staySheetUrl, useAdminToday, type DashboardStay } from '../api/today.js';
import { ITEM_NAMES, checklistSummary, itemsIn } from '../checklist-words.js';
import { DashboardCard } from './DashboardCard.js';

export const todayFailed = 'Could not load the arrivals, overdue items and failed mail.';
export const noArrivals = `No stays arrive in the next ${ARRIVING_DAYS} days.`;
export const nothingOverdue = 'Nothing is overdue.';
export const noFailedMail = 'No mail failed.';

export const failedMailPath = `${paths.adminMail}?tab=failed`;

/** The staff's stay page of a stay. */
const stayPath = (s: DashboardStay) => generatePath(paths.adminStay, { id: String(s.id) });

/**
 * What needs the staff today (docs/house-operations.md, "The dashboard"): the
 * stays arriving in the next 14 days with their checklists, the stays with
 * something overdue, and the mail that failed. One call answers all three.
 */
export function DashboardToday() {
  const today = useAdminToday();
  return (
    <>
      <QueryStatus
        query={today}
        failed={todayFailed}
        loading="Loading arrivals, overdue items and failed mail..."
      />
      {today.data ? (
        <>
          <ArrivingCard stays={today.data.arriving} today={today.data.today} />
          <OverdueCard stays={today.data.overdue} today={today.data.today} />
          <FailedMailCard count={today.data.failedMail} />
        </>
      ) : null}
    </>
  );
}

function EventLink({ stay }: { stay: DashboardStay }) {
  return (
    <RouterAnchor to={stayPath(stay)} fw={600}>
      {stay.eventName}
    </RouterAnchor>
  );
}

const churchOf = (s: DashboardStay) => s.accountName ?? 'No church';
const datesOf = (s: DashboardStay) => <DateRange dates={`${s.firstDay} to ${s.lastDay}`} />;

function ArrivingCard({ stays, today }: { stays: DashboardStay[]; today: string }) {
  const columns: CardColumn<DashboardStay>[] = [
    { label: 'Event', cell: (s) => <EventLink stay={s} /> },
    { label: 'Church', cell: churchOf },
    { label: 'Dates', cell: datesOf },
    { label: 'Guests', cell: (s) => (s.guests === null ? 'Not given' : String(s.guests)) },
    {
      label: 'Checklist',
      cell: (s) => {
        const late = itemsIn(s.items, 'Overdue', today).length > 0;
        return (
          <Text size="sm" c={late ? 'red' : undefined} fw={late ? 600 : undefined}>
            {checklistSummary(s.items, today)}
          </Text>
        );
      },
    },
    {
      label: 'Stay sheet',
      cell: (s) => (
        <Anchor href={staySheetUrl(s.id)} aria-label={`Stay sheet (PDF) of ${s.eventName}`}>
          Stay sheet (PDF)
        </Anchor>
      ),
    },
  ];
  return (
    <DashboardCard title={`Arriving in the next ${ARRIVING_DAYS} days`}>
      {stays.length === 0 ? (
        <Text>{noArrivals}</Text>
      ) : (
        <CardsOrTable
          label={`Arriving in the next ${ARRIVING_DAYS} days`}
          items={stays}
          columns={columns}
          verticalSpacing="xs"
        />
      )}
    </DashboardCard>
  );
}

/** Each overdue item by name with the day it was due, e.g. "The balance, due Monday, March 6, 2028". */
function OverdueItems({ stay, today }: { stay: DashboardStay; today: string }) {
  const late = itemsIn(stay.items, 'Overdue', today);
  if (late.length === 0) return <Text size="sm">Nothing overdue any more.</Text>;
  return (
    <Stack component="ul" gap={2} m={0} p={0} style={{ listStyle: 'none' }}>
      {late.map((i) => (
        <Text component="li" size="sm" key={i.item}>
          {`The ${ITEM_NAMES[i.item]}, due ${i.dueDate ? longDate(i.dueDate) : 'no set day'}`}
        </Text>
      ))}
    </Stack>
  );
}

function OverdueCard({ stays, today }: { stays: DashboardStay[]; today: string }) {
  const columns: CardColumn<DashboardStay>[] = [
    { label: 'Event', cell: (s) => <EventLink stay={s} /> },
    { label: 'Church', cell: churchOf },
    { label: 'Dates', cell: datesOf },
    { label: 'Overdue', cell: (s) => <OverdueItems stay={s} today={today} /> },
  ];
  return (
    <DashboardCard title="Overdue">
      {stays.length === 0 ? (
        <Text>{nothingOverdue}</Text>
      ) : (
        <CardsOrTable label="Overdue" items={stays} columns={columns} verticalSpacing="xs" />
      )}
    </DashboardCard>
  );
}

function FailedMailCard({ count }: { count: number }) {
  return (
    <DashboardCard title="Failed mail">
      {count === 0 ? (
        <Text>{noFailedMail}</Text>
      ) : (
        <>
          <Group gap="xs" align="baseline">
            <Text fz={36} fw={700} lh={1}>
              {count}
            </Text>
            <Text c="dimmed">{count === 1 ? 'mail failed' : 'mails failed'}</Text>
          </Group>
          <RouterAnchor to={failedMailPath}>See the failed mail</RouterAnchor>
        </>
      )}
    </DashboardCard>
  );
}
