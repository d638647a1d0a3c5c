import {
  Button,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useId, type FormEvent } from 'react';
import { messages } from '../../../../shared/messages.js';
import { responsiblePersonSchema } from '../../../../shared/schemas/profile.js';
import { useUpdateProfile, type AccountProfile } from '../api/profile.js';
import { BreakableEmail, breakLongWords } from '@/components/BreakableEmail.js';
import { useSchemaForm } from '@/components/forms/useSchemaForm.js';
import { TitledSection } from '@/components/TitledSection.js';
import { FlashMessage, useFlash } from './useFlash.js';

type Person = AccountProfile['responsiblePersons'][number];

interface PersonFields {
  fullName: string;
  phoneNumber: string;
  email: string;
  address: string;
}

const empty: PersonFields = { fullName: '', phoneNumber: '', email: '', address: '' };

function PersonCard({
  person,
  index,
  disabled,
  onRemove,
}: {
  person: Person;
  index: number;
  disabled: boolean;
  onRemove: () => void;
}) {
  const details = [person.phoneNumber, person.email, person.address].filter(Boolean);
  return (
    <Paper withBorder p="sm">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        {/* A long email or name wraps rather than widening the page on a phone. */}
        <div style={{ flex: 1, minWidth: 0, ...breakLongWords }}>
          <Text fw={600}>{person.fullName}</Text>
          {person.phoneNumber ? <Text size="sm">Phone: {person.phoneNumber}</Text> : null}
          {person.email ? (
            <Text size="sm">
              Email: <BreakableEmail email={person.email} />
            </Text>
          ) : null}
          {person.address ? (
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              Address: {person.address}
            </Text>
          ) : null}
          {details.length === 0 ? (
            <Text size="sm" c="dimmed">
              No contact details.
            </Text>
          ) : null}
        </div>
        <Button
          color="red"
          variant="light"
          size="compact-sm"
          style={{ flexShrink: 0 }}
          disabled={disabled}
          aria-label={`Remove ${person.fullName || `person ${index + 1}`}`}
          onClick={onRemove}
        >
          Remove
        </Button>
      </Group>
    </Paper>
  );
}

/**
 * The account's responsible persons: a list with Remove buttons and a form to
 * add one. Both send the whole new list, which replaces the old one.
 */
export function ResponsiblePersons({ profile }: { profile: AccountProfile }) {
  const update = useUpdateProfile();
  const { flash, save } = useFlash();
  const { setFields, validate, bind } = useSchemaForm(responsiblePersonSchema, empty);
  const addHeadingId = useId();
  const persons = profile.responsiblePersons;

  function onAdd(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void save(async () => {
      const data = validate();
      if (!data) return;
      await update.mutateAsync({ responsiblePersons: [...persons, data] });
      setFields(empty);
      return `${data.fullName} was added.`;
    }, messages.addPersonFailed);
  }

  const onRemove = (index: number) =>
    save(async () => {
      const removed = persons[index];
      await update.mutateAsync({ responsiblePersons: persons.filter((_, i) => i !== index) });
      return `${removed?.fullName ?? 'The person'} was removed.`;
    }, messages.removePersonFailed);

  return (
    <TitledSection title="Responsible Persons">
      {persons.length === 0 ? (
        <Text>No responsible persons have been added yet.</Text>
      ) : (
        <List listStyleType="none" spacing="xs" aria-label="Responsible persons">
          {persons.map((person, index) => (
            // Persons have no id: the list is replaced as a whole on every change.
            <List.Item key={`${index}-${person.fullName}`}>
              <PersonCard
                person={person}
                index={index}
                disabled={update.isPending}
                onRemove={() => void onRemove(index)}
              />
            </List.Item>
          ))}
        </List>
      )}
      <FlashMessage flash={flash} />
      <form onSubmit={onAdd} noValidate aria-labelledby={addHeadingId}>
        <Stack gap="sm">
          <Title order={3} size="h4" id={addHeadingId}>
            Add a Responsible Person
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Full name" required autoComplete="off" {...bind('fullName')} />
            <TextInput
              label="Phone number"
              type="tel"
              autoComplete="off"
              {...bind('phoneNumber')}
            />
            <TextInput label="Email" type="email" autoComplete="off" {...bind('email')} />
            <Textarea label="Address" rows={2} autoComplete="off" {...bind('address')} />
          </SimpleGrid>
          <Group>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Saving...' : 'Add Person'}
            </Button>
          </Group>
        </Stack>
      </form>
    </TitledSection>
  );
}
