import { Alert, Button, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { longDate } from '../../../../shared/dates.js';
import { messages } from '../../../../shared/messages.js';
import { CenteredLoader } from '@/components/CenteredLoader.js';
import { PageTitle } from '@/components/PageTitle.js';
import { ApiError, errorMessage } from '@/lib/api/client.js';
import { attendeeStayQuery, useGiveName, type AttendeeStay } from '../api/attendee-page.js';

export const LINK_NO_LONGER_VALID =
  'This link is no longer valid. Ask your group leader for the new one.';
export const GIVE_YOUR_NAME = 'Give your name.';
export const NAME_NOT_SENT = 'Your name could not be sent. Please try again.';

const MAX_NAME = 100;
const MAX_NOTES = 500;

type Fields = { name: string; diet: string; notes: string };
const EMPTY: Fields = { name: '', diet: '', notes: '' };

/** A refusal's text: the link gone, too many tries, or the server's own words. */
function refusalText(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return LINK_NO_LONGER_VALID;
  if (error instanceof ApiError && error.status === 429) return messages.rateLimited;
  return errorMessage(error, NAME_NOT_SENT);
}

/** "Wednesday, June 15, 2027 to Friday, June 17, 2027". */
const datesOf = (s: AttendeeStay) =>
  s.startDate === s.endDate
    ? longDate(s.startDate)
    : `${longDate(s.startDate)} to ${longDate(s.endDate)}`;

/** The form: name (required), diet and notes (optional); a thank-you once sent. */
function GiveNameForm({ token }: { token: string }) {
  const give = useGiveName(token);
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Partial<Fields>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [thanks, setThanks] = useState<string | null>(null);
  const set = (name: keyof Fields, value: string) => {
    setFields((f) => ({ ...f, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (give.isPending) return;
    setFailure(null);
    const name = fields.name.trim();
    if (!name) {
      setErrors({ name: GIVE_YOUR_NAME });
      document.getElementById('attendee-name')?.focus();
      return;
    }
    const diet = fields.diet.trim();
    const notes = fields.notes.trim();
    try {
      const answer = await give.mutateAsync({
        name,
        ...(diet ? { diet } : {}),
        ...(notes ? { notes } : {}),
      });
      setThanks(answer.message);
      setFields(EMPTY);
    } catch (err) {
      const onFields: Partial<Fields> = {};
      for (const { path, message } of err instanceof ApiError ? (err.issues ?? []) : []) {
        const field = path.replace(/^body\./, '') as keyof Fields;
        if (field in EMPTY) onFields[field] ??= message;
      }
      if (Object.keys(onFields).length > 0) setErrors(onFields);
      else setFailure(refusalText(err));
    }
  }

  if (thanks) {
    return (
      <Stack gap="sm">
        <Alert color="teal" role="status" title="Thank you!">
          {thanks}
        </Alert>
        <Text>You can close this page now.</Text>
        <Button variant="default" onClick={() => setThanks(null)} style={{ alignSelf: 'start' }}>
          Give another name
        </Button>
      </Stack>
    );
  }
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Give your name">
      <Stack gap="sm">
        <TextInput
          id="attendee-name"
          label="Your name"
          withAsterisk
          autoComplete="name"
          maxLength={MAX_NAME}
          value={fields.name}
          onChange={(e) => set('name', e.currentTarget.value)}
          error={errors.name}
        />
        <TextInput
          label="Diet (optional)"
          description="For example: vegetarian, or no nuts."
          maxLength={MAX_NAME}
          value={fields.diet}
          onChange={(e) => set('diet', e.currentTarget.value)}
          error={errors.diet}
        />
        <Textarea
          label="Notes for your group leader (optional)"
          maxLength={MAX_NOTES}
          rows={3}
          value={fields.notes}
          onChange={(e) => set('notes', e.currentTarget.value)}
          error={errors.notes}
        />
        {failure ? (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        ) : null}
        <Button type="submit" loading={give.isPending} style={{ alignSelf: 'start' }}>
          Send my name
        </Button>
      </Stack>
    </form>
  );
}

/**
 * /stay/:token, the page behind a group leader's link (docs/stays.md,
 * "Attendees"), without an account: the house, the stay's name and dates, and
 * a form to give one's name, diet and notes. A link that was replaced says so.
 */
export function AttendeePage() {
  const token = useParams().token ?? '';
  const stay = useQuery(attendeeStayQuery(token));
  if (stay.isPending) return <CenteredLoader label="Loading..." />;
  if (stay.isError) {
    return (
      <>
        <PageTitle>Your group&apos;s stay</PageTitle>
        <Alert color="red" role="alert" maw={560}>
          {refusalText(stay.error)}
        </Alert>
      </>
    );
  }
  const s = stay.data;
  return (
    <Stack gap="md" maw={560}>
      <div>
        <PageTitle mb={4}>{s.eventName}</PageTitle>
        <Text>{`At ${s.houseName}, ${datesOf(s)}.`}</Text>
      </div>
      <Paper withBorder p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="sm">
          <Text>
            Your group leader asks who is coming. Give your name, and your diet if you have one:
            only your group leader and the house see them.
          </Text>
          <GiveNameForm token={token} />
        </Stack>
      </Paper>
    </Stack>
  );
}
