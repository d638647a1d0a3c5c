import { Radio, Select, Stack, TextInput } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { messages } from '../../../../shared/messages.js';
import { MAX_ACCOUNT_NAME_LENGTH } from '../../../../shared/schemas/accounts.js';
import type { AccountSummary } from '../api/users.js';
import { QueryLoadError } from '@/components/QueryStatus.js';

export type Mode = 'existing' | 'new';

interface AccountChoiceProps {
  mode: Mode;
  onModeChange: (value: string) => void;
  accounts: Pick<
    UseQueryResult<AccountSummary[]>,
    'isError' | 'isPending' | 'isFetching' | 'refetch'
  >;
  /** The accounts to choose from, by name. */
  options: { value: string; label: string }[];
  accountId: string | null;
  onAccountChange: (value: string | null) => void;
  newName: string;
  onNewNameChange: (value: string) => void;
  busy: boolean;
  /** The list is still loading (and nothing was created meanwhile). */
  waiting: boolean;
  fieldError: string | null;
}

/** The approve dialog's account: an existing one chosen by name, or the name of a new one. */
export function AccountChoice({
  mode,
  onModeChange,
  accounts,
  options,
  accountId,
  onAccountChange,
  newName,
  onNewNameChange,
  busy,
  waiting,
  fieldError,
}: AccountChoiceProps) {
  return (
    <>
      <Radio.Group label="Account" value={mode} onChange={onModeChange}>
        <Stack gap="xs" mt="xs">
          <Radio value="existing" label="Assign to an existing account" disabled={busy} />
          <Radio value="new" label="Create a new account" disabled={busy} />
        </Stack>
      </Radio.Group>

      {mode === 'existing' ? (
        <>
          {accounts.isError ? (
            <QueryLoadError query={accounts} message={messages.accountsListFailed} />
          ) : null}
          <Select
            label="Existing account"
            placeholder={accounts.isPending ? 'Loading accounts...' : 'Choose an account'}
            data={options}
            value={accountId}
            onChange={onAccountChange}
            searchable
            nothingFoundMessage="No account with that name"
            disabled={busy || waiting}
            error={fieldError}
            data-autofocus
          />
        </>
      ) : (
        <TextInput
          label="New account name"
          description="Usually the name of the church."
          maxLength={MAX_ACCOUNT_NAME_LENGTH}
          value={newName}
          onChange={(e) => onNewNameChange(e.currentTarget.value)}
          disabled={busy}
          error={fieldError}
          data-autofocus
        />
      )}
    </>
  );
}
