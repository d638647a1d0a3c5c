import { notifications } from '@mantine/notifications';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import type { LedgerEntry } from '../../../shared/schemas/payments.js';
import type { Reservation } from '../../../shared/schemas/reservations.js';
import { documentKeys, type DocumentInfo } from '@/lib/api/documents.js';
import { paymentKeys } from './api/payments.js';
import { asPaymentMessage } from './embed.js';
import { hasReceipt } from './ledger.js';

/** After a payment the receipt may be written a moment later: look again this often, this many times. */
export const RECEIPT_RETRY_MS = 1000;
export const RECEIPT_RETRIES = 5;

export const PAYMENT_RECEIVED = 'Payment received. Thank you!';

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
 * Reloads the reservations, the ledger and the documents after a payment, and
 * again every second (a few times) until the reservation shows as paid and its
 * receipt is there.
 */
async function refreshAfterPayment(
  queryClient: QueryClient,
  reservationId: number,
  signal: AbortSignal,
): Promise<void> {
  // Once the reservation shows as paid, only the ledger and the documents are looked at again.
  const reload = (reservationsToo: boolean) =>
    Promise.all([
      reservationsToo
        ? queryClient.invalidateQueries({ queryKey: paymentKeys.reservations })
        : null,
      queryClient.invalidateQueries({ queryKey: paymentKeys.mine }),
      queryClient.invalidateQueries({ queryKey: documentKeys.all }),
    ]);
  await reload(true);
  for (let attempt = 0; attempt < RECEIPT_RETRIES && !signal.aborted; attempt++) {
    const payable = queryClient.getQueryData<Reservation[]>(paymentKeys.payable);
    const entries = queryClient.getQueryData<LedgerEntry[]>(paymentKeys.mine) ?? [];
    const documents = queryClient.getQueryData<DocumentInfo[]>(documentKeys.list) ?? [];
    // Paid: no longer among the reservations to pay.
    const paid = payable !== undefined && !payable.some((r) => r.id === reservationId);
    if (paid && hasReceipt(entries, documents, reservationId)) return;
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
export function usePaymentResults() {
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
