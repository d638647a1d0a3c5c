import { Alert, Card, Stack, Text, Title } from '@mantine/core';
import { useId, useState, type FormEvent } from 'react';
import { testMailBody } from '../../../../shared/schemas/mail.js';
import { errorMessage } from '@/lib/api/client.js';
import { useSchemaForm } from '@/components/forms/useSchemaForm.js';
import { useSendTestMail } from '../api/mail.js';
import { EmailAddressForm } from './EmailAddressForm.js';

export const testMailFailed = 'Could not send the test mail.';

interface Outcome {
  ok: boolean;
  text: string;
}

/**
 * Queues a test mail to check the mail settings; the server's answer is shown
 * and `onQueued` lets the page show the Queued tab, where the mail appears.
 */
export function TestMailForm({
  defaultAddress,
  onQueued,
}: {
  defaultAddress: string;
  onQueued: () => void;
}) {
  const headingId = useId();
  const send = useSendTestMail();
  const { validate, bind } = useSchemaForm(testMailBody, { to: defaultAddress });
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setOutcome(null);
    const data = validate();
    if (!data) return;
    try {
      const answer = await send.mutateAsync(data.to);
      setOutcome({ ok: true, text: answer.message });
      onQueued();
    } catch (err) {
      setOutcome({ ok: false, text: errorMessage(err, testMailFailed) });
    }
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          Send a test mail
        </Title>
        <Text size="sm">Check the mail settings: the test mail is queued like any other mail.</Text>
        <EmailAddressForm
          label="Address"
          field={bind('to')}
          busy={send.isPending}
          onSubmit={onSubmit}
        >
          Send test mail
        </EmailAddressForm>
        {outcome ? (
          <Alert
            color={outcome.ok ? 'teal' : 'red'}
            role={outcome.ok ? 'status' : 'alert'}
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => setOutcome(null)}
          >
            {outcome.text}
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}
