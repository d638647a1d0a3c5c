import { Text, TextInput } from '@mantine/core';
import { myEmailBody } from '../../../../shared/schemas/mail.js';
import { useSetMyEmail } from '@/lib/api/session.js';
import { useSchemaForm } from '@/components/forms/useSchemaForm.js';
import { TitledSection } from '@/components/TitledSection.js';
import { SaveForm } from './SaveForm.js';
import { useFlash } from './useFlash.js';

export const emailSaveFailed = 'Could not save your email address.';

/**
 * The user's own email address: where the house's mails to them go (password
 * resets, reservation updates; docs/mail.md). An empty field clears it.
 */
export function EmailForm({ currentEmail }: { currentEmail: string | null }) {
  const change = useSetMyEmail();
  const { flash, save } = useFlash();
  const { setFields, validate, bind } = useSchemaForm(myEmailBody, { email: currentEmail ?? '' });

  const onSave = () =>
    void save(async () => {
      const data = validate();
      if (!data) return;
      const answer = await change.mutateAsync(data.email);
      setFields({ email: answer.user.email ?? '' });
      return answer.message;
    }, emailSaveFailed);

  return (
    <TitledSection title="Email address">
      <Text>
        The house mails you here about your registration, your reservations and password resets.
        Leave the field empty to get no mail.
      </Text>
      <SaveForm label="Save Email Address" pending={change.isPending} flash={flash} onSave={onSave}>
        <TextInput label="Email address" type="email" autoComplete="email" {...bind('email')} />
      </SaveForm>
    </TitledSection>
  );
}
