import { Button, Group, Stack, TextInput, Textarea } from '@mantine/core';
import type { FormEvent } from 'react';
import { messages } from '../../../../shared/messages.js';
import { updateProfileBody } from '../../../../shared/schemas/profile.js';
import { errorMessage } from '@/lib/api/client.js';
import { useUpdateProfile, type AccountProfile } from '../api/profile.js';
import { useSchemaForm } from '@/components/forms/useSchemaForm.js';
import { TitledSection } from '@/components/TitledSection.js';
import { FlashMessage, useFlash } from './useFlash.js';

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
  const { flash, show, clear } = useFlash();
  const { setFields, validate, bind } = useSchemaForm(contactSchema, () => fieldsOf(profile));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    clear();
    const data = validate();
    if (!data) return;
    try {
      const { account } = await update.mutateAsync(data);
      setFields(fieldsOf(account));
      show('success', 'Primary contact information updated.');
    } catch (error) {
      show('error', errorMessage(error, messages.contactUpdateFailed));
    }
  }

  return (
    <TitledSection title="Primary Contact">
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Stack gap="sm">
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
          <FlashMessage flash={flash} />
          <Group>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Saving...' : 'Save Contact Information'}
            </Button>
          </Group>
        </Stack>
      </form>
    </TitledSection>
  );
}
