import { notifications } from '@mantine/notifications';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import type { LedgerEntry } from '../../../shared/schemas/payments.js';
import type { Reservation } from '../../../shared/schemas/reservations.js';
import { documentKeys, type DocumentInfo } from '@/lib/api/documents.js';
import { paymentKeys } from './api/payments.js';
import { asPaymentMessage } from './embed.js';
import { chargesOf, hasReceipt } from './ledger.js';

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

/** What the page knew of a reservation's payments before one more arrived. */
interface Before {
  /** Paid as the list of reservations to pay said (undefined: not listed, or not loaded). */
  paidCents: number | undefined;
  /** The newest charge of the reservation in the ledger. */
  lastChargeId: number;
}

function before(queryClient: QueryClient, reservationId: number): Before {
  const payable = queryClient.getQueryData<Reservation[]>(paymentKeys.payable);
  const entries = queryClient.getQueryData<LedgerEntry[]>(paymentKeys.mine) ?? [];
  const charges = chargesOf(entries, reservationId);
  return {
    paidCents: payable?.find((r) => r.id === reservationId)?.paidCents,
    lastChargeId: charges.length > 0 ? Math.max(...charges.map((e) => e.id)) : -Infinity,
  };
}

/**
 * Reloads the reservations, the ledger and the documents after a payment, and
 * again every second (a few times) until the reservation shows the payment
 * (no longer to pay, or, after a deposit, with more paid) and the payment's
 * receipt is there.
 */
async function refreshAfterPayment(
  queryClient: QueryClient,
  reservationId: number,
  signal: AbortSignal,
): Promise<void> {
  const known = before(queryClient, reservationId);
  // Once the reservation shows the payment, only the ledger and the documents are looked at again.
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
    const listed = payable?.find((r) => r.id === reservationId);
    // Back from a hosted page the page knew nothing before: any payment shown counts.
    const shown = payable !== undefined && (!listed || listed.paidCents > (known.paidCents ?? 0));
    if (shown && hasReceipt(entries, documents, reservationId, known.lastChargeId)) return;
    await delay(RECEIPT_RETRY_MS, signal);
    if (signal.aborted) return;
    await reload(!shown);
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
    const handling = new Set<number>();
    function onResult(data: unknown) {
      const message = asPaymentMessage(data);
      if (!message || message.status !== 'succeeded') return;
      // The script re-dispatches the frame's message: act once per payment. A
      // stay may be paid twice (its deposit, then the balance): the next
      // payment of it is heard once this one's refresh is over.
      const id = message.reservationId;
      if (handling.has(id)) return;
      handling.add(id);
      notifications.show({ color: 'teal', message: PAYMENT_RECEIVED });
      void refreshAfterPayment(queryClient, id, controller.signal).finally(() =>
        handling.delete(id),
      );
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
