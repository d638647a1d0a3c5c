import { Card, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { CardList, Field, FieldList } from '@/components/cards/CardList.js';
import type { ChurchDetails } from '../api/accounts.js';
import { BreakableEmail, breakLongWords } from '@/components/BreakableEmail.js';

const orDash = (value: ReactNode | null) => value ?? '—';
const email = (value: string | null) => (value ? <BreakableEmail email={value} /> : '—');

function Value({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" style={breakLongWords}>
      {children}
    </Text>
  );
}

/** The church's primary contact and its responsible persons, as the member's profile has them. */
export function ChurchDetailsSection({ church }: { church: ChurchDetails }) {
  const persons = church.responsiblePersons;
  return (
    <section aria-labelledby="church-details-heading">
      <Title order={2} size="h3" id="church-details-heading" mb="sm">
        Details
      </Title>
      <Stack>
        <FieldList>
          <Field label="Primary contact">
            <Value>{orDash(church.primaryContactFullName)}</Value>
          </Field>
          <Field label="Phone">
            <Value>{orDash(church.primaryContactPhoneNumber)}</Value>
          </Field>
          <Field label="Email">
            <Value>{email(church.primaryContactEmail)}</Value>
          </Field>
          <Field label="Address">
            <Value>{orDash(church.primaryContactAddress)}</Value>
          </Field>
        </FieldList>
        <Title order={3} size="h4" id="responsible-persons-heading">
          Responsible persons
        </Title>
        {persons.length === 0 ? (
          <Text>No responsible persons given.</Text>
        ) : (
          <CardList labelledBy="responsible-persons-heading">
            {persons.map((p, i) => (
              <Card key={i} component="li" withBorder padding="sm">
                <Text fw={600} style={breakLongWords} mb="xs">
                  {p.fullName}
                </Text>
                <FieldList>
                  <Field label="Phone">
                    <Value>{orDash(p.phoneNumber)}</Value>
                  </Field>
                  <Field label="Email">
                    <Value>{email(p.email)}</Value>
                  </Field>
                  <Field label="Address">
                    <Value>{orDash(p.address)}</Value>
                  </Field>
                </FieldList>
              </Card>
            ))}
          </CardList>
        )}
      </Stack>
    </section>
  );
}
