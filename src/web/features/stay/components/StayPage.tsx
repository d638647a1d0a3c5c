import { Alert, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { paths } from '@/app/paths.js';
import { CenteredLoader } from '@/components/CenteredLoader.js';
import { PageTitle } from '@/components/PageTitle.js';
import { RouterAnchor } from '@/components/RouterAnchor.js';
import { errorMessage } from '@/lib/api/client.js';
import { adminStayQuery, myStayQuery } from '../api/stay.js';
import { StayView } from './StayView.js';

export const STAY_NOT_FOUND = 'This stay could not be found.';
export const STAY_LOAD_FAILED = 'The stay could not be loaded just now. Please try again later.';

/** A positive whole number from the address, or undefined. */
const idOf = (text: string | null | undefined) => {
  const n = Number(text);
  return Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : undefined;
};

/** The page's title and text when there is no stay to show. */
function NoStay({ text, back, backTo }: { text: string; back: string; backTo: string }) {
  return (
    <>
      <PageTitle>Stay</PageTitle>
      <Alert color="red" role="alert" mb="md">
        {text}
      </Alert>
      <Text>
        <RouterAnchor to={backTo}>{back}</RouterAnchor>
      </Text>
    </>
  );
}

/** /account/reservations/:id: the member's own stay page. */
export function StayPage() {
  const id = idOf(useParams().id);
  const stay = useQuery({ ...myStayQuery(id ?? 0), enabled: id !== undefined });
  const back = { back: 'Back to My Reservations', backTo: paths.accountReservations };
  if (id === undefined || stay.data === null) return <NoStay text={STAY_NOT_FOUND} {...back} />;
  if (stay.isError) return <NoStay text={errorMessage(stay.error, STAY_LOAD_FAILED)} {...back} />;
  if (stay.isPending) return <CenteredLoader label="Loading the stay..." />;
  return <StayView reservation={stay.data} staff={false} />;
}

/**
 * /admin/reservations/:id: the same page for the house's staff, with the
 * church and the member. `?user=` (the list's links) names the member, whose
 * reservations are searched first.
 */
export function AdminStayPage() {
  const id = idOf(useParams().id);
  const stay = useQuery({ ...adminStayQuery(id ?? 0), enabled: id !== undefined });
  const back = { back: 'Back to Reservations', backTo: paths.adminReservations };
  if (id === undefined || stay.data === null) return <NoStay text={STAY_NOT_FOUND} {...back} />;
  if (stay.isError) return <NoStay text={errorMessage(stay.error, STAY_LOAD_FAILED)} {...back} />;
  if (stay.isPending) return <CenteredLoader label="Loading the stay..." />;
  return <StayView reservation={stay.data} staff />;
}
