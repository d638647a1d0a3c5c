import { Alert, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { messages } from '../../../../shared/messages.js';
import { documentsListQuery } from '@/lib/api/documents.js';
import { CenteredLoader } from '@/components/CenteredLoader.js';
import { PageTitle } from '@/components/PageTitle.js';
import {
  ledgerReservationIds,
  myLedgerQuery,
  namedReservationsQuery,
  payableReservationsQuery,
} from '../api/payments.js';
import { usePaymentResults } from '../usePaymentResults.js';
import { PaymentHistory } from './PaymentHistory.js';
import { PendingPayments } from './PendingPayments.js';

export { RECEIPT_RETRIES, RECEIPT_RETRY_MS } from '../usePaymentResults.js';

/**
 * /account/payments: pending payments with the card form, and the payment
 * history (docs/product.md §2).
 */
export function PaymentsPage() {
  // The page asks for what it shows: the reservations to pay (by start, as the
  // server orders them), and those the ledger's entries are of (docs/lists.md).
  const payable = useQuery(payableReservationsQuery);
  const ledger = useQuery(myLedgerQuery);
  const ids = useMemo(() => ledgerReservationIds(ledger.data ?? []), [ledger.data]);
  const named = useQuery({ ...namedReservationsQuery(ids), enabled: ledger.data !== undefined });
  const documents = useQuery(documentsListQuery);
  usePaymentResults();

  const queries = [payable, ledger, named, documents];
  const failed = queries.some((q) => q.isError && q.data === undefined);

  let content;
  if (failed) {
    content = <Alert color="red">{messages.paymentsLoadFailed}</Alert>;
  } else if (!payable.data || !ledger.data || !named.data || !documents.data) {
    content = <CenteredLoader label="Loading payment information..." />;
  } else {
    content = (
      <Stack gap="xl">
        <PendingPayments reservations={payable.data} />
        <PaymentHistory
          entries={ledger.data}
          reservations={named.data}
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
