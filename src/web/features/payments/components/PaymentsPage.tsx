import { Alert, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { messages } from '../../../../shared/messages.js';
import { needsPayment, sortByStart } from '../../../../shared/reservations.js';
import { documentsListQuery } from '@/lib/api/documents.js';
import { CenteredLoader } from '@/components/CenteredLoader.js';
import { PageTitle } from '@/components/PageTitle.js';
import { myLedgerQuery, myReservationsQuery } from '../api/payments.js';
import { usePaymentResults } from '../usePaymentResults.js';
import { PaymentHistory } from './PaymentHistory.js';
import { PendingPayments } from './PendingPayments.js';

export { RECEIPT_RETRIES, RECEIPT_RETRY_MS } from '../usePaymentResults.js';

/** /account/payments: pending payments with the card form, and the payment history (SPEC §2). */
export function PaymentsPage() {
  const reservations = useQuery(myReservationsQuery);
  const ledger = useQuery(myLedgerQuery);
  const documents = useQuery(documentsListQuery);
  usePaymentResults();

  const queries = [reservations, ledger, documents];
  const failed = queries.some((q) => q.isError && q.data === undefined);

  let content;
  if (failed) {
    content = <Alert color="red">{messages.paymentsLoadFailed}</Alert>;
  } else if (!reservations.data || !ledger.data || !documents.data) {
    content = <CenteredLoader label="Loading payment information..." />;
  } else {
    content = (
      <Stack gap="xl">
        <PendingPayments reservations={sortByStart(reservations.data.filter(needsPayment))} />
        <PaymentHistory
          entries={ledger.data}
          reservations={reservations.data}
          documents={documents.data}
        />
      </Stack>
    );
  }

  return (
    <>
      <PageTitle>Payments</PageTitle>
      {content}
    </>
  );
}
