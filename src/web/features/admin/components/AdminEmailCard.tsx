import { Alert, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { myEmailBody } from '../../../../shared/schemas/mail.js';
import { errorMessage } from '@/lib/api/client.js';
import { authStatusQuery } from '@/lib/api/session.js';
import { paths } from '@/app/paths.js';
import { useSchemaForm } from '@/components/forms/useSchemaForm.js';
import { RouterAnchor } from '@/components/RouterAnchor.js';
import { useSetMyEmail } from '@/lib/api/session.js';
import { DashboardCard } from './DashboardCard.js';
import { EmailAddressForm } from './EmailAddressForm.js';

export const noEmailWarning =
  'The house gets no mail: you have no email address. New registrations, reservation requests and the daily list of requests still waiting are mailed to the administrators; add your address to receive them.';
export const saveEmailFailed = 'Could not save your email address.';
const enterEmail = 'Please enter your email address.';

/**
 * The admin's own address on the dashboard: a warning with a form to set it
 * while there is none (the house's mail goes to the administrators, see
 * docs/mail.md), else the address and a link to the Mail screen.
 */
export function AdminEmailCard() {
  const auth = useQuery(authStatusQuery);
  const user = auth.data?.user;
  if (!user) return null;
  if (!user.email) return <NoEmailAlert />;
  return (
    <DashboardCard title="Mail">
      <Text>
        The house&apos;s mail for administrators reaches you at{' '}
        <Text span fw={600} style={{ overflowWrap: 'anywhere' }}>
          {user.email}
        </Text>
        .
      </Text>
      <RouterAnchor to={paths.adminMail}>See the mail the house sends</RouterAnchor>
    </DashboardCard>
  );
}

function NoEmailAlert() {
  const setEmail = useSetMyEmail();
  const { validate, setError, bind } = useSchemaForm(myEmailBody, { email: '' });
  const [failure, setFailure] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const data = validate();
    if (!data) return;
    // Empty is valid for the schema (it clears the address) but not here.
    if (!data.email) {
      setError('email', enterEmail);
      return;
    }
    try {
      const answer = await setEmail.mutateAsync(data.email);
      notifications.show({ color: 'green', title: 'Email address', message: answer.message });
    } catch (err) {
      setFailure(errorMessage(err, saveEmailFailed));
    }
  }

  return (
    <Alert color="yellow" title="No email address">
      <Stack gap="sm">
        <Text inherit>{noEmailWarning}</Text>
        <EmailAddressForm
          label="Your email address"
          field={bind('email')}
          busy={setEmail.isPending}
          onSubmit={onSubmit}
        >
          Save email address
        </EmailAddressForm>
        {failure ? (
          <Text c="var(--mantine-color-error)" role="alert" inherit>
            {failure}
          </Text>
        ) : null}
      </Stack>
    </Alert>
  );
}
