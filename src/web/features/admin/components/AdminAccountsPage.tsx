import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '../../../../shared/pricing.js';
import { pricingInfoQuery } from '@/lib/api/money.js';
import { PageTitle } from '@/components/PageTitle.js';
import { useChurchesPage, type ChurchSummary } from '../api/accounts.js';
import { ResponsiveList } from './ResponsiveList.js';
import { useFilterParams } from '@/components/useFilterParams.js';
import { ChurchLink } from './UsersDirectoryList.js';
import { QueryStatus } from '@/components/QueryStatus.js';
import { QueryPager } from '@/components/Pager.js';
import { churchesFailed } from './ChurchFilter.js';

export const noChurches = 'No churches yet: a church is created when a registration is approved.';

/** The house's currency (the rates'), for totals that do not carry one. */
export function useHouseCurrency(): string {
  return useQuery(pricingInfoQuery).data?.currency ?? 'USD';
}

/**
 * Churches: every account with its members, reservations, money paid and
 * documents, by name, 50 a page (the page kept in the address).
 */
export function AdminAccountsPage() {
  const { page, setPage } = useFilterParams();
  const churches = useChurchesPage(page);
  const list = churches.data?.churches;
  const currency = useHouseCurrency();
  return (
    <>
      <PageTitle>Churches</PageTitle>
      <Stack>
        <Text>
          Every church with an account, its members, reservations, payments and documents.
        </Text>
        <QueryStatus query={churches} failed={churchesFailed} loading="Loading churches..." />
        {list?.length === 0 && page === 0 ? <Text>{noChurches}</Text> : null}
        {list?.length ? (
          <ResponsiveList<ChurchSummary>
            caption="Churches, by name"
            items={list}
            itemId={(c) => `church-${c.id}`}
            minWidth={560}
            title={{
              label: 'Church',
              width: '36%',
              cell: (c) => <ChurchLink id={c.id} name={c.accountName} />,
            }}
            columns={[
              { label: 'Members', width: '14%', cell: (c) => String(c.members) },
              { label: 'Reservations', width: '16%', cell: (c) => String(c.reservations) },
              { label: 'Paid', width: '20%', cell: (c) => formatMoney(c.paidCents, currency) },
              { label: 'Documents', width: '14%', cell: (c) => String(c.documents) },
            ]}
          />
        ) : null}
        <QueryPager query={churches} label="Church pages" page={page} onPage={setPage} />
      </Stack>
    </>
  );
}
