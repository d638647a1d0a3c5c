import { Alert, Badge, Stack, Text, Timeline } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { statusTitle } from '../../../../shared/reservations.js';
import type { Reservation } from '../../../../shared/schemas/reservations.js';
import { useFacilityInfo } from '@/lib/api/facility.js';
import { useHouseToday } from '@/lib/api/houseToday.js';
import { CenteredLoader } from '@/components/CenteredLoader.js';
import { CardsOrTable, type CardColumn } from '@/components/cards/CardsOrTable.js';
import { PageTitle } from '@/components/PageTitle.js';
import { TitledSection } from '@/components/TitledSection.js';
import { useFilterParams } from '@/components/useFilterParams.js';
import { isNoAccount } from '@/lib/api/session.js';
import { accountHistoryQuery, pastStaysQuery } from '../api/history.js';
import { formatDateTime } from '@/lib/format.js';
import { kindColor, kindLabel, stayDates } from './format.js';
import { groupEntries } from './group.js';
import { QueryPager } from '@/components/Pager.js';

export const historyTexts = {
  loading: 'Loading account history...',
  empty: 'Nothing has happened in this account yet.',
  failed: 'Could not load the account history.',
  noAccount: 'You are not assigned to an account yet, so there is no account history to show.',
  staysLoading: 'Loading your past stays...',
  staysEmpty: 'You have no past stays yet.',
  staysFailed: 'Could not load your past stays.',
};

/** The account's activity, newest first, as a timeline; repeats in a row are one item. */
function ActivitySection() {
  const history = useQuery(accountHistoryQuery);
  const timeZone = useFacilityInfo().data?.timeZone || undefined;

  let content: ReactNode;
  if (history.isPending) content = <CenteredLoader label={historyTexts.loading} />;
  else if (history.isError)
    content = isNoAccount(history.error) ? (
      <Text>{historyTexts.noAccount}</Text>
    ) : (
      <Alert color="red" role="alert">
        {historyTexts.failed}
      </Alert>
    );
  else if (history.data.length === 0) content = <Text>{historyTexts.empty}</Text>;
  else
    content = (
      <Timeline
        bulletSize={14}
        lineWidth={2}
        role="list"
        aria-label="Account activity, newest first"
      >
        {groupEntries(history.data).map((group) => (
          <Timeline.Item
            key={group.key}
            role="listitem"
            color={kindColor(group.kind)}
            title={
              <Badge color={kindColor(group.kind)} variant="light" component="span">
                {kindLabel(group.kind)}
              </Badge>
            }
          >
            <Text>{group.summary}</Text>
            <Text size="sm" c="dimmed">
              {group.count > 1 ? (
                <>
                  {`${group.count} times, from `}
                  <time dateTime={group.oldest}>{formatDateTime(group.oldest, timeZone)}</time>
                  {' to '}
                  <time dateTime={group.newest}>{formatDateTime(group.newest, timeZone)}</time>
                </>
              ) : (
                <time dateTime={group.newest}>{formatDateTime(group.newest, timeZone)}</time>
              )}
              {' · '}
              {group.username ? `by ${group.username}` : 'by the system or a removed user'}
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
    );

  return <TitledSection title="Account Activity">{content}</TitledSection>;
}

/** The past stays' columns (a card's fields on a phone): how each stay ended. */
const stayColumns: CardColumn<Reservation>[] = [
  { label: 'Event Name', cell: (r) => r.eventName },
  { label: 'Dates', cell: stayDates },
  { label: 'Status', cell: (r) => statusTitle(r.status) },
  { label: 'Payment', cell: (r) => statusTitle(r.paymentStatus) },
];

/** Reservations whose last day has passed, the latest first, with how they ended; paged (`?page=`). */
function PastStaysSection() {
  const today = useHouseToday();
  const { page, setPage } = useFilterParams();
  const list = useQuery(pastStaysQuery(today, page));

  let content: ReactNode;
  if (list.isPending) content = <CenteredLoader label={historyTexts.staysLoading} />;
  else if (list.isError)
    content = (
      <Alert color="red" role="alert">
        {historyTexts.staysFailed}
      </Alert>
    );
  else if (list.data.items.length === 0 && page === 0)
    content = <Text>{historyTexts.staysEmpty}</Text>;
  else
    content = (
      <Stack gap="md">
        <CardsOrTable label="Past stays" items={list.data.items} columns={stayColumns} />
        <QueryPager query={list} label="Past stays pages" page={page} onPage={setPage} />
      </Stack>
    );

  return <TitledSection title="Past Stays">{content}</TitledSection>;
}

/** /account/history: what happened in the account, and the past stays. */
export function HistoryPage() {
  return (
    <>
      <PageTitle>History</PageTitle>
      <Text mb="md">What has happened in your account, newest first, and your past stays.</Text>
      <Stack gap="lg">
        <ActivitySection />
        <PastStaysSection />
      </Stack>
    </>
  );
}
