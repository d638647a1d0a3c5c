import { NativeSelect } from '@mantine/core';
import { useChurches } from '../api/accounts.js';

export const churchesFailed = 'Could not fetch the churches.';

export interface ChurchFilterProps {
  /** The church's id as text, or '' for every church. */
  value: string;
  onChange: (accountId: string | null) => void;
}

/** 'Filter by church': every church (GET /api/accounts) by name, or all churches. */
export function ChurchFilter({ value, onChange }: ChurchFilterProps) {
  const churches = useChurches();
  const options = (churches.data ?? []).map((c) => ({ value: String(c.id), label: c.accountName }));
  // The church of the address keeps its place until the names arrive.
  if (value && !options.some((o) => o.value === value)) {
    options.unshift({
      value,
      label: churches.isPending ? 'Loading churches...' : 'Unknown church',
    });
  }
  return (
    <NativeSelect
      label="Filter by church"
      w={{ base: '100%', xs: 260 }}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value || null)}
      error={churches.isError ? churchesFailed : undefined}
      data={[{ value: '', label: 'All churches' }, ...options]}
    />
  );
}
