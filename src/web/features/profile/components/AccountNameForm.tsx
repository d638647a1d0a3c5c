import { Button, Group, Stack, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { messages } from '../../../../shared/messages.js';
import { updateProfileBody } from '../../../../shared/schemas/profile.js';
import { errorMessage } from '@/lib/api/client.js';
import { useUpdateProfile, type AccountProfile } from '../api/profile.js';
import { useSchemaForm } from '@/components/forms/useSchemaForm.js';
import { TitledSection } from '@/components/TitledSection.js';
import { FlashMessage, useFlash } from './useFlash.js';

const accountNameSchema = updateProfileBody.pick({ accountName: true });

/** The account's (church's) name. */
export function AccountNameForm({ profile }: { profile: AccountProfile }) {
  const update = useUpdateProfile();
  const { flash, show, clear } = useFlash();
  const { setFields, validate, bind } = useSchemaForm(accountNameSchema, {
    accountName: profile.accountName,
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    clear();
    const data = validate();
    if (!data) return;
    try {
      const { account } = await update.mutateAsync(data);
      setFields({ accountName: account.accountName });
      show('success', 'Account name updated.');
    } catch (err) {
      show('error', errorMessage(err, messages.accountNameUpdateFailed));
    }
  }

  return (
    <TitledSection title="Account Name">
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Stack gap="sm">
          <TextInput label="Account name" required {...bind('accountName')} />
          <FlashMessage flash={flash} />
          <Group>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Saving...' : 'Save Account Name'}
            </Button>
          </Group>
        </Stack>
      </form>
    </TitledSection>
  );
}
