import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Reservation } from '../../../../shared/schemas/reservations.js';
import { errorMessage } from '@/lib/api/client.js';
import { questionnaireQuery, type Questionnaire } from '@/lib/api/questionnaire.js';
import { formatDate } from '@/lib/format.js';
import { attendeesQuery } from '../api/attendees.js';
import { QuestionnaireForm } from './QuestionnaireForm.js';
import { StaySection } from './StaySection.js';

export const QUESTIONNAIRE_AFTER_APPROVAL =
  'The questionnaire opens once the house approves the stay.';
export const QUESTIONNAIRE_NONE = 'A cancelled or rejected stay has no questionnaire.';
export const QUESTIONNAIRE_LOAD_FAILED = 'The questionnaire could not be loaded just now.';

/** Where the questionnaire stands: sent or not, and which final count the house holds. */
export function questionnaireState(q: Questionnaire): string {
  const held =
    q.sentFinalGuests === null
      ? ''
      : ` The house holds your final count of ${q.sentFinalGuests} guests, which sets the price.`;
  if (!q.submittedAt) {
    return (
      'Not sent yet. Save a draft as you go, and send it to the house when it is complete. A draft binds nothing: the final count sets the price when you send it.' +
      held
    );
  }
  if (q.unsent) {
    return `Sent to the house on ${formatDate(q.submittedAt)}, and changed since: send it again so the house has your changes.${held}`;
  }
  return `Sent to the house on ${formatDate(q.submittedAt)}. You can still change the answers and send them again.${held}`;
}

/**
 * "Pre-arrival questionnaire": once the stay is approved, the form, with the
 * day it was sent to the house; before, a sentence saying when it opens (and
 * that a cancelled or rejected stay has none).
 */
export function QuestionnaireSection({
  reservation: r,
  staff,
}: {
  reservation: Pick<Reservation, 'id' | 'status'>;
  staff: boolean;
}) {
  const approved = r.status === 'approved';
  const questionnaire = useQuery({ ...questionnaireQuery(r.id), enabled: approved });
  // The names the attendees gave: the rooming board's names to place.
  const attendees = useQuery({ ...attendeesQuery(r.id), enabled: approved });

  let content;
  if (r.status === 'pending') content = <Text>{QUESTIONNAIRE_AFTER_APPROVAL}</Text>;
  else if (!approved) content = <Text>{QUESTIONNAIRE_NONE}</Text>;
  else if (questionnaire.isPending) content = <Text>Loading the questionnaire...</Text>;
  else if (questionnaire.isError) {
    content = (
      <Text role="alert" c="red.9">
        {errorMessage(questionnaire.error, QUESTIONNAIRE_LOAD_FAILED)}
      </Text>
    );
  } else {
    content = (
      <>
        <Text size="sm">{questionnaireState(questionnaire.data)}</Text>
        <QuestionnaireForm
          key={r.id}
          reservationId={r.id}
          questionnaire={questionnaire.data}
          attendees={(attendees.data ?? []).map((a) => a.name)}
          staff={staff}
        />
      </>
    );
  }
  return (
    <StaySection id="questionnaire" title="Pre-arrival questionnaire">
      {content}
    </StaySection>
  );
}
