import { TextInput } from '@mantine/core';
import { messages } from '../../../../shared/messages.js';
import { updateProfileBody } from '../../../../shared/schemas/profile.js';
import { useUpdateProfile, type AccountProfile } from '../api/profile.js';
import { useSchemaForm } from '@/components/forms/useSchemaForm.js';
import { TitledSection } from '@/components/TitledSection.js';
import { SaveForm } from './SaveForm.js';
import { useFlash } from './useFlash.js';

const accountNameSchema = updateProfileBody.pick({ accountName: true });

/** The account's (church's) name. */
export function AccountNameForm({ profile }: { profile: AccountProfile }) {
  const update = useUpdateProfile();
  const { flash, save } = useFlash();
  const { setFields, validate, bind } = useSchemaForm(accountNameSchema, {
    accountName: profile.accountName,
  });

  const onSave = () =>
    void save(async () => {
      const data = validate();
      if (!data) return;
      const { account } = await update.mutateAsync(data);
      setFields({ accountName: account.accountName });
      return 'Account name updated.';
    }, messages.accountNameUpdateFailed);

  return (
    <TitledSection title="Account Name">
      <SaveForm label="Save Account Name" pending={update.isPending} flash={flash} onSave={onSave}>
        <TextInput label="Account name" required {...bind('accountName')} />
      </SaveForm>
    </TitledSection>
  );
}
