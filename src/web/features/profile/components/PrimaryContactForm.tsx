import { TextInput, Textarea } from '@mantine/core';
import { messages } from '../../../../shared/messages.js';
import { updateProfileBody } from '../../../../shared/schemas/profile.js';
import { useUpdateProfile, type AccountProfile } from '../api/profile.js';
import { useSchemaForm } from '@/components/forms/useSchemaForm.js';
import { TitledSection } from '@/components/TitledSection.js';
import { SaveForm } from './SaveForm.js';
import { useFlash } from './useFlash.js';

const contactSchema = updateProfileBody.pick({
  primaryContactFullName: true,
  primaryContactPhoneNumber: true,
  primaryContactAddress: true,
  primaryContactEmail: true,
});

interface ContactFields {
  primaryContactFullName: string;
  primaryContactPhoneNumber: string;
  primaryContactAddress: string;
  primaryContactEmail: string;
}

const fieldsOf = (p: AccountProfile): ContactFields => ({
  primaryContactFullName: p.primaryContactFullName ?? '',
  primaryContactPhoneNumber: p.primaryContactPhoneNumber ?? '',
  primaryContactAddress: p.primaryContactAddress ?? '',
  primaryContactEmail: p.primaryContactEmail ?? '',
});

/** Primary contact: full name, phone number, address, email (an empty email is sent as null). */
export function PrimaryContactForm({ profile }: { profile: AccountProfile }) {
  const update = useUpdateProfile();
  const { flash, save } = useFlash();
  const { setFields, validate, bind } = useSchemaForm(contactSchema, () => fieldsOf(profile));

  const onSave = () =>
    void save(async () => {
      const data = validate();
      if (!data) return;
      const { account } = await update.mutateAsync(data);
      setFields(fieldsOf(account));
      return 'Primary contact information updated.';
    }, messages.contactUpdateFailed);

  return (
    <TitledSection title="Primary Contact">
      <SaveForm
        label="Save Contact Information"
        pending={update.isPending}
        flash={flash}
        onSave={onSave}
      >
        <TextInput label="Full name" autoComplete="name" {...bind('primaryContactFullName')} />
        <TextInput
          label="Phone number"
          type="tel"
          autoComplete="tel"
          {...bind('primaryContactPhoneNumber')}
        />
        <Textarea
          label="Address"
          rows={2}
          autoComplete="street-address"
          {...bind('primaryContactAddress')}
        />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          {...bind('primaryContactEmail')}
        />
      </SaveForm>
    </TitledSection>
  );
}
