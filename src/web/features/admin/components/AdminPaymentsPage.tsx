import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { PageTitle } from '@/components/PageTitle.js';
import {
  LEDGER_PAGE_SIZE,
  ledgerExportUrl,
  useLedgerPage,
  useLedgerSummary,
} from '../api/payments.js';
import { useAccounts } from '../api/users.js';
import { LedgerTable } from './LedgerTable.js';
import {
  PaymentFilters,
  toLedgerFilters,
  type PaymentFilterName,
  type PaymentFilterValues,
} from './PaymentFilters.js';
import { PaymentTotals } from './PaymentTotals.js';
import { QueryStatus } from '@/components/QueryStatus.js';
import { QueryPager } from '@/components/Pager.js';

export const ledgerFailed = 'Could not fetch payments.';
export const totalsFailed = 'Could not fetch the payment totals.';
export const noEntries = 'No payments or refunds found for these filters.';

/** The page of the address, 1-based (`?page=2`), as a 0-based index. */
const pageIndex = (value: string | null) =>
  value && /^\d+$/.test(value) && Number(value) > 1 ? Number(value) - 1 : 0;

/**
 * Payments: every charge and refund of every church (docs/money.md), filtered
 * by church and day, with their totals, 50 entries a page, and the same
 * filters as a CSV export.
 */
export function AdminPaymentsPage() {
  const [params, setParams] = useSearchParams();
  const values: PaymentFilterValues = {
    account: params.get('account') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
  };
  const filters = toLedgerFilters(values);
  const page = pageIndex(params.get('page'));
  const accounts = useAccounts();
  const summary = useLedgerSummary(filters);
  const ledger = useLedgerPage(filters, page);

  /** Sets one parameter; a new filter goes back to the first page. */
  function setParam(name: PaymentFilterName | 'page', value: string) {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(name, value);
        else next.delete(name);
        if (name !== 'page') next.delete('page');
        return next;
      },
      { replace: true },
    );
  }
  const goToPage = (index: number) => setParam('page', index > 0 ? String(index + 1) : '');

  const entries = ledger.data?.entries ?? [];
  const first = page * LEDGER_PAGE_SIZE + 1;

  return (
    <>
      <PageTitle>Payments</PageTitle>
      <Stack>
        <Text>Every payment and refund of every church, with their totals.</Text>
        <Group justify="space-between" align="flex-end">
          <PaymentFilters
            values={values}
            accounts={accounts.data ?? []}
            accountsFailed={accounts.isError}
            onChange={setParam}
          />
          <Button component="a" href={ledgerExportUrl(filters)} download variant="default">
            Export CSV
          </Button>
        </Group>

        <section aria-labelledby="payment-totals-heading">
          <Title order={2} size="h4" id="payment-totals-heading" mb="sm">
            Totals
          </Title>
          <QueryStatus query={summary} failed={totalsFailed} loading="Loading totals..." />
          {summary.data ? <PaymentTotals summary={summary.data} /> : null}
        </section>

        <QueryStatus query={ledger} failed={ledgerFailed} loading="Loading payments..." />
        {ledger.data && entries.length === 0 ? <Text>{noEntries}</Text> : null}
        {entries.length > 0 ? (
          <LedgerTable
            entries={entries}
            caption={`Payments and refunds ${first} to ${first + entries.length - 1}`}
          />
        ) : null}
        <QueryPager query={ledger} label="Payment pages" page={page} onPage={goToPage} />
      </Stack>
    </>
  );
}
