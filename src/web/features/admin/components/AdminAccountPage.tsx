import { Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { ApiError } from '@/lib/api/client.js';
import { paths } from '@/app/paths.js';
import { CenteredLoader } from '@/components/CenteredLoader.js';
import { PageTitle } from '@/components/PageTitle.js';
import { RouterAnchor } from '@/components/RouterAnchor.js';
import { useChurch } from '../api/accounts.js';
import { ChurchDetailsSection } from './ChurchDetailsSection.js';
import { ChurchDocumentsSection } from './ChurchDocumentsSection.js';
import { ChurchMembersSection } from './ChurchMembersSection.js';
import { ChurchReservationsSection } from './ChurchReservationsSection.js';
import { LedgerTable } from './LedgerTable.js';
import { idParam } from '@/components/useFilterParams.js';
import { QueryLoadError } from '@/components/QueryStatus.js';

export const churchNotFound = 'There is no church with this address.';
export const churchFailed = 'Could not fetch this church.';

const backLink = <RouterAnchor to={paths.adminAccounts}>All churches</RouterAnchor>;

/**
 * One church (/admin/accounts/:id): its details and responsible persons, its
 * members, reservations, payments and documents, and an upload for it.
 */
export function AdminAccountPage() {
  const accountId = idParam(useParams().id ?? null);
  const church = useChurch(accountId ?? 0);

  const missing =
    accountId === undefined || (church.error instanceof ApiError && church.error.status === 404);
  if (missing) {
    return (
      <>
        <PageTitle>Church not found</PageTitle>
        <Stack>
          <Text>{churchNotFound}</Text>
          {backLink}
        </Stack>
      </>
    );
  }
  if (!church.data) {
    return (
      <>
        <PageTitle>Church</PageTitle>
        <Stack>
          {backLink}
          {church.isError ? (
            <QueryLoadError query={church} message={churchFailed} />
          ) : (
            <CenteredLoader label="Loading the church..." />
          )}
        </Stack>
      </>
    );
  }

  const data = church.data;
  return (
    <>
      <PageTitle style={{ overflowWrap: 'anywhere' }}>{data.accountName}</PageTitle>
      <Stack gap="xl">
        {backLink}
        <ChurchDetailsSection church={data} />
        <ChurchMembersSection church={data} />
        <ChurchReservationsSection church={data} />
        <section aria-labelledby="church-payments-heading">
          <Title order={2} size="h3" id="church-payments-heading" mb="sm">
            Payments
          </Title>
          <Stack>
            <RouterAnchor to={`${paths.adminPayments}?account=${data.id}`}>
              Totals and export of {data.accountName} in Payments
            </RouterAnchor>
            {data.payments.length === 0 ? (
              <Text>No payments or refunds yet.</Text>
            ) : (
              <LedgerTable
                entries={data.payments}
                caption={`Payments and refunds of ${data.accountName}`}
                showChurch={false}
              />
            )}
          </Stack>
        </section>
        <ChurchDocumentsSection church={data} />
      </Stack>
    </>
  );
}
