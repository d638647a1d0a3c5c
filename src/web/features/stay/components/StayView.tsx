import { Anchor, Stack, Text } from '@mantine/core';
import { datePart } from '../../../../shared/dates.js';
import { PageTitle } from '@/components/PageTitle.js';
import { useStayDocuments, type AdminReservation, type Reservation } from '../api/stay.js';
import { AttendeesSection } from './AttendeesSection.js';
import { InsuranceSection } from './InsuranceSection.js';
import { QuestionnaireSection } from './QuestionnaireSection.js';
import { StayChecklist } from './StayChecklist.js';
import { StayDocuments } from './StayDocuments.js';
import { StaySummary } from './StaySummary.js';

export type StayViewProps =
  { reservation: Reservation; staff: false } | { reservation: AdminReservation; staff: true };

/**
 * A group's stay on one page (docs/stays.md, "The stay's page"), the
 * member's and the same for the house's staff: its summary and money, the
 * checklist, the questionnaire with the rooming board, the attendees, the
 * insurance certificates and the stay's documents.
 */
export function StayView({ reservation: r, staff }: StayViewProps) {
  const accountId = staff ? r.accountId : null;
  const documents = useStayDocuments(staff, accountId);
  const canUpload = !staff || accountId !== null;
  return (
    <>
      <PageTitle documentTitle={`Stay: ${r.eventName}`}>{r.eventName}</PageTitle>
      <Stack gap="lg">
        {staff ? (
          <Text>
            <Anchor href={`/api/admin/stays/${r.id}/sheet.pdf`} download>
              Stay sheet for the kitchen and housekeeping (PDF)
            </Anchor>
          </Text>
        ) : null}
        <StaySummary reservation={r} staff={staff} />
        <StayChecklist reservationId={r.id} staff={staff} />
        <QuestionnaireSection reservation={r} staff={staff} />
        <AttendeesSection reservation={r} staff={staff} />
        {canUpload ? (
          <InsuranceSection
            reservationId={r.id}
            lastDay={datePart(r.endTime)}
            documents={documents.data}
            failed={documents.isError}
            accountId={accountId ?? undefined}
          />
        ) : null}
        <StayDocuments
          reservationId={r.id}
          documents={staff && accountId === null ? [] : documents.data}
          failed={documents.isError}
        />
      </Stack>
    </>
  );
}
