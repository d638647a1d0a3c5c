import { Alert, Button, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { messages } from '../../../../shared/messages.js';
import { formatMoney, reservationAmountCents } from '../../../../shared/pricing.js';
import type { Payment } from '../../../../shared/schemas/payments.js';
import type { Reservation } from '../../../../shared/schemas/reservations.js';
import { ApiError, errorMessage } from '../../../api/client.js';
import type { DocumentInfo } from '../../../api/documents.js';
import { receiptLink } from '../api/payments.js';
import { findReceipt, formatDate, reservationDates } from '../format.js';

export const RECEIPT_PROCESSING = 'Receipt processing...';

export interface PaymentHistoryProps {
  /** The paid reservations, in order. */
  reservations: Reservation[];
  payments: Payment[];
  documents: DocumentInfo[];
  dailyRateCents: number;
  currency: string;
}

/**
 * Opens a receipt in a new tab. The tab is opened at once, inside the click,
 * so that pop-up blockers allow it; it is sent to the signed link when that
 * arrives, and closed again if it does not.
 */
async function openReceipt(documentId: number): Promise<void> {
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  try {
    const { downloadUrl } = await receiptLink(documentId);
    if (tab && !tab.closed) tab.location.href = downloadUrl;
    else window.open(downloadUrl, '_blank', 'noopener');
  } catch (error) {
    tab?.close();
    throw error;
  }
}

/** 'Payment History': the paid reservations with their receipts (SPEC §2). */
export function PaymentHistory({
  reservations,
  payments,
  documents,
  dailyRateCents,
  currency,
}: PaymentHistoryProps) {
  const [receiptError, setReceiptError] = useState<string | null>(null);
  const [opening, setOpening] = useState<number | null>(null);

  async function viewReceipt(doc: DocumentInfo) {
    setReceiptError(null);
    setOpening(doc.id);
    try {
      await openReceipt(doc.id);
    } catch (error) {
      setReceiptError(
        error instanceof ApiError && error.status === 404
          ? messages.receiptNotFound
          : errorMessage(error, messages.receiptDownloadFailed),
      );
    } finally {
      setOpening(null);
    }
  }

  return (
    <section aria-labelledby="payment-history-heading">
      <Title order={2} size="h3" id="payment-history-heading" mb="sm">
        Payment History
      </Title>
      {receiptError ? (
        <Alert
          color="red"
          mb="sm"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setReceiptError(null)}
        >
          {receiptError}
        </Alert>
      ) : null}
      {reservations.length === 0 ? (
        <Text>No payment history found.</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Event</Table.Th>
                <Table.Th scope="col">Dates</Table.Th>
                <Table.Th scope="col">Amount</Table.Th>
                <Table.Th scope="col">Paid On</Table.Th>
                <Table.Th scope="col">Receipt</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {reservations.map((r) => {
                const payment = payments.find((p) => p.reservationId === r.id);
                const amount = payment
                  ? formatMoney(payment.amountCents, payment.currency)
                  : formatMoney(
                      reservationAmountCents(r.startTime, r.endTime, dailyRateCents),
                      currency,
                    );
                const receipt = findReceipt(documents, r.id);
                return (
                  <Table.Tr key={r.id}>
                    <Table.Td>{r.eventName}</Table.Td>
                    <Table.Td>{reservationDates(r)}</Table.Td>
                    <Table.Td>{amount}</Table.Td>
                    <Table.Td>{payment ? formatDate(payment.paidAt) : '—'}</Table.Td>
                    <Table.Td>
                      {receipt ? (
                        <Button
                          size="xs"
                          variant="light"
                          aria-label={`View Receipt for ${r.eventName}`}
                          loading={opening === receipt.id}
                          onClick={() => void viewReceipt(receipt)}
                        >
                          View Receipt
                        </Button>
                      ) : (
                        <Text size="sm" c="dimmed">
                          {RECEIPT_PROCESSING}
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </section>
  );
}
