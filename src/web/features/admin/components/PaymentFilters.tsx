import { Group, NativeSelect, TextInput } from '@mantine/core';
import { isDayKey } from '../../../../shared/dates.js';
import { messages } from '../../../../shared/messages.js';
import type { AccountSummary } from '../api/users.js';
import type { LedgerFilters } from '../api/payments.js';

/** The filters as the address holds them: `account`, `from`, `to` (text, maybe empty). */
export interface PaymentFilterValues {
  account: string;
  from: string;
  to: string;
}

export type PaymentFilterName = keyof PaymentFilterValues;

const ALL_CHURCHES = '';

/** The filters to send: a valid account id and whole days only. */
export function toLedgerFilters({ account, from, to }: PaymentFilterValues): LedgerFilters {
  const accountId = /^\d+$/.test(account) ? Number(account) : undefined;
  return {
    ...(accountId ? { accountId } : {}),
    ...(isDayKey(from) ? { from } : {}),
    ...(isDayKey(to) ? { to } : {}),
  };
}

export interface PaymentFiltersProps {
  values: PaymentFilterValues;
  accounts: readonly AccountSummary[];
  accountsFailed: boolean;
  onChange: (name: PaymentFilterName, value: string) => void;
}

/** Church (or all churches), and the first and last day the entries were made. */
export function PaymentFilters({
  values,
  accounts,
  accountsFailed,
  onChange,
}: PaymentFiltersProps) {
  const byName = [...accounts].sort((a, b) => a.accountName.localeCompare(b.accountName));
  const reversed = isDayKey(values.from) && isDayKey(values.to) && values.to < values.from;
  return (
    <Group align="flex-start" gap="md">
      <NativeSelect
        label="Church"
        w={280}
        value={values.account}
        onChange={(e) => onChange('account', e.currentTarget.value)}
        error={accountsFailed ? messages.accountsListFailed : undefined}
        data={[
          { value: ALL_CHURCHES, label: 'All churches' },
          ...byName.map((a) => ({ value: String(a.id), label: a.accountName })),
        ]}
      />
      <TextInput
        type="date"
        label="From"
        w={180}
        value={values.from}
        onChange={(e) => onChange('from', e.currentTarget.value)}
      />
      <TextInput
        type="date"
        label="To"
        w={180}
        value={values.to}
        onChange={(e) => onChange('to', e.currentTarget.value)}
        error={reversed ? 'The To date comes before the From date.' : undefined}
      />
    </Group>
  );
}
