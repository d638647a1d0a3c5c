import { Accordion, Alert, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { inclusiveDayCount } from '../../../../shared/dates.js';
import { messages } from '../../../../shared/messages.js';
import { formatMoney, reservationAmountCents } from '../../../../shared/pricing.js';
import { needsPayment, sortByStart } from '../../../../shared/reservations.js';
import type { Reservation } from '../../../../shared/schemas/reservations.js';
import { documentKeys, documentsListQuery, type DocumentInfo } from '../../../api/documents.js';
import { CenteredLoader } from '../../../components/CenteredLoader.js';
import { PageTitle } from '../../../components/PageTitle.js';
import {
  myPaymentsQuery,
  myReservationsQuery,
  paymentConfigQuery,
  paymentKeys,
} from '../api/payments.js';
import { asPaymentMessage } from '../embed.js';
import { findReceipt, reservationDates } from '../format.js';
import { PaymentFrame } from './PaymentFrame.js';
import { PaymentHistory } from './PaymentHistory.js';

/** After a payment the receipt may be written a moment later: look again this often, this many times. */
export const RECEIPT_RETRY_MS = 1000;
export const RECEIPT_RETRIES = 5;

const PAYMENT_RECEIVED = 'Payment received. Thank you!';

function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

/**
 * Reloads the reservations, the payments and the documents after a payment,
 * and again every second (a few times) until the reservation shows as paid and
 * its receipt is listed.
 */
async function refreshAfterPayment(
  queryClient: QueryClient,
  reservationId: number,
  signal: AbortSignal,
): Promise<void> {
  const reload = (all: boolean) =>
    Promise.all([
      all ? queryClient.invalidateQueries({ queryKey: paymentKeys.reservations }) : null,
      all ? queryClient.invalidateQueries({ queryKey: paymentKeys.mine }) : null,
      queryClient.invalidateQueries({ queryKey: documentKeys.all }),
    ]);
  await reload(true);
  for (let attempt = 0; attempt < RECEIPT_RETRIES && !signal.aborted; attempt++) {
    const reservations = queryClient.getQueryData<Reservation[]>(paymentKeys.reservations) ?? [];
    const documents = queryClient.getQueryData<DocumentInfo[]>(documentKeys.list) ?? [];
    const paid = reservations.find((r) => r.id === reservationId)?.paymentStatus === 'paid';
    if (paid && findReceipt(documents, reservationId)) return;
    await delay(RECEIPT_RETRY_MS, signal);
    if (signal.aborted) return;
    await reload(!paid);
  }
}

/**
 * Listens for the payment frame's result (the embed script's 'sandbox-pay'
 * event, or the frame's own message when the script is missing) and for the
 * return from a hosted payment page (`?paid={id}`).
 */
function usePaymentResults() {
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const returnedFrom = Number(searchParams.get('paid'));

  useEffect(() => {
    const controller = new AbortController();
    const handled = new Set<string>();
    function onResult(data: unknown) {
      const message = asPaymentMessage(data);
      if (!message || message.status !== 'succeeded') return;
      // The script re-dispatches the frame's message: act once per reservation.
      const key = String(message.reservationId);
      if (handled.has(key)) return;
      handled.add(key);
      notifications.show({ color: 'teal', message: PAYMENT_RECEIVED });
      void refreshAfterPayment(queryClient, message.reservationId, controller.signal);
    }
    const onEvent = (event: CustomEvent) => onResult(event.detail);
    const onMessage = (event: MessageEvent) => {
      if (event.origin === window.location.origin && !window.SandboxPay) onResult(event.data);
    };
    window.addEventListener('sandbox-pay', onEvent);
    window.addEventListener('message', onMessage);
    return () => {
      controller.abort();
      window.removeEventListener('sandbox-pay', onEvent);
      window.removeEventListener('message', onMessage);
    };
  }, [queryClient]);

  useEffect(() => {
    if (!Number.isInteger(returnedFrom) || returnedFrom <= 0) return;
    const controller = new AbortController();
    void refreshAfterPayment(queryClient, returnedFrom, controller.signal);
    return () => controller.abort();
  }, [queryClient, returnedFrom]);
}

/** /account/payments: pending payments with the card form, and the payment history (SPEC §2). */
export function PaymentsPage() {
  const config = useQuery(paymentConfigQuery);
  const reservations = useQuery(myReservationsQuery);
  const payments = useQuery(myPaymentsQuery);
  const documents = useQuery(documentsListQuery);
  const [open, setOpen] = useState<string[]>([]);
  usePaymentResults();

  const queries = [config, reservations, payments, documents];
  const failed = queries.some((q) => q.isError && q.data === undefined);
  const loading = queries.some((q) => q.isPending);

  let content;
  if (failed) {
    content = <Alert color="red">{messages.paymentsLoadFailed}</Alert>;
  } else if (loading || !config.data || !reservations.data || !payments.data || !documents.data) {
    content = <CenteredLoader label="Loading payment information..." />;
  } else {
    const { dailyRateCents, currency } = config.data;
    const pending = sortByStart(reservations.data.filter(needsPayment));
    const paid = sortByStart(reservations.data.filter((r) => r.paymentStatus === 'paid'));
    content = (
      <Stack gap="xl">
        <section aria-labelledby="pending-payments-heading">
          <Title order={2} size="h3" id="pending-payments-heading" mb="sm">
            Pending Payments
          </Title>
          {pending.length === 0 ? (
            <Text>You have no pending payments.</Text>
          ) : (
            <Accordion multiple value={open} onChange={setOpen} variant="separated">
              {pending.map((r) => {
                const days = inclusiveDayCount(r.startTime, r.endTime);
                const amount = formatMoney(
                  reservationAmountCents(r.startTime, r.endTime, dailyRateCents),
                  currency,
                );
                const value = String(r.id);
                return (
                  <Accordion.Item key={r.id} value={value}>
                    <Accordion.Control>
                      <Text component="span" display="block" fw={600}>
                        Pay for: {r.eventName}
                      </Text>
                      <Text component="span" display="block" size="sm" c="dimmed">
                        {reservationDates(r)} · {days} {days === 1 ? 'day' : 'days'} · {amount}
                      </Text>
                    </Accordion.Control>
                    <Accordion.Panel>
                      {open.includes(value) ? (
                        <PaymentFrame reservationId={r.id} eventName={r.eventName} />
                      ) : null}
                    </Accordion.Panel>
                  </Accordion.Item>
                );
              })}
            </Accordion>
          )}
        </section>

        <PaymentHistory
          reservations={paid}
          payments={payments.data}
          documents={documents.data}
          dailyRateCents={dailyRateCents}
          currency={currency}
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
