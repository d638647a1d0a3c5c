import { Group, NativeSelect, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { MAX_DIRECTORY_SEARCH } from '../../../../shared/schemas/directory.js';
import { ChurchFilter } from './ChurchFilter.js';
import { USER_STATUS_OPTIONS } from './userLabels.js';

export interface UserDirectoryFilterValues {
  /** '' for every status. */
  status: string;
  /** The church's id as text, '' for every church. */
  account: string;
  q: string;
}

export interface UserDirectoryFiltersProps {
  values: UserDirectoryFilterValues;
  onChange: (name: keyof UserDirectoryFilterValues, value: string | null) => void;
}

/** How long typing pauses before the search is sent. */
export const SEARCH_DELAY_MS = 300;

/**
 * Status, church, and a search of username, email and church name. The search
 * is sent once typing pauses (or at Enter), not at every key.
 */
export function UserDirectoryFilters({ values, onChange }: UserDirectoryFiltersProps) {
  const [search, setSearch] = useState(values.q);
  const sendSearch = useDebouncedCallback(
    (value: string) => onChange('q', value.trim() || null),
    SEARCH_DELAY_MS,
  );
  const width = { base: '100%', xs: 260 };
  return (
    <Group align="flex-start" gap="md">
      <NativeSelect
        label="Status"
        w={width}
        value={values.status}
        onChange={(e) => onChange('status', e.currentTarget.value || null)}
        data={[{ value: '', label: 'All' }, ...USER_STATUS_OPTIONS]}
      />
      <ChurchFilter value={values.account} onChange={(id) => onChange('account', id)} />
      <TextInput
        type="search"
        label="Search"
        description="Username, email or church"
        w={width}
        maxLength={MAX_DIRECTORY_SEARCH}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          sendSearch(e.currentTarget.value);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') sendSearch.flush();
        }}
      />
    </Group>
  );
}
