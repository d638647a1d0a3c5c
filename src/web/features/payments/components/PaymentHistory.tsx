import { Alert, Table, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { messages } from '../../../../shared/messages.js';
import type { LedgerEntry } from '../../../../shared/schemas/payments.js';
import type { Reservation } from '../../../../shared/schemas/reservations.js';
import { ApiError, errorMessage } from '@/lib/api/client.js';
import type { DocumentInfo } from '@/lib/api/documents.js';
import { ColumnHeaders } from '@/components/tables/ColumnHeaders.js';
import { useIsPhone } from '@/components/useIsPhone.js';
import { historyGroups } from '../ledger.js';
import { openInline } from '../openInline.js';
import { HistoryCards } from './HistoryGroupCard.js';
import { HistoryGroupRows, type PaperKind } from './HistoryGroupRows.js';

export { RECEIPT_PROCESSING, CREDIT_NOTE_PROCESSING } from './HistoryGroupRows.js';

export const CREDIT_NOTE_NOT_FOUND = 'Credit note document not found.';
export const CREDIT_NOTE_DOWNLOAD_FAILED = 'Could not download credit note.';

export interface PaymentHistoryProps {
  /** The account's ledger: charges and refunds. */
  entries: LedgerEntry[];
  /** The member's reservations (current names and dates of those that still exist). */
  reservations: Reservation[];
  documents: DocumentInfo[];
}

function openFailure(error: unknown, kind: PaperKind): string {
  const missing = error instanceof ApiError && error.status === 404;
  if (kind === 'receipt') {
    return missing ? messages.receiptNotFound : errorMessage(error, messages.receiptDownloadFailed);
  }
  return missing ? CREDIT_NOTE_NOT_FOUND : errorMessage(error, CREDIT_NOTE_DOWNLOAD_FAILED);
}

/**
 * 'Payment History' (docs/product.md §2): each reservation's payment with its receipt,
 * and each refund with its reason and credit note (docs/money.md); a table, or
 * on a phone a list of cards.
 */
export function PaymentHistory({ entries, reservations, documents }: PaymentHistoryProps) {
  const [openError, setOpenError] = useState<string | null>(null);
  const [opening, setOpening] = useState<number | null>(null);
  const groups = useMemo(() => historyGroups(entries, reservations), [entries, reservations]);
  const phone = useIsPhone();

  async function open(documentId: number, kind: PaperKind) {
    setOpenError(null);
    setOpening(documentId);
    try {
      await openInline(documentId);
    } catch (error) {
      setOpenError(openFailure(error, kind));
    } finally {
      setOpening(null);
    }
  }

  return (
    <section aria-labelledby="payment-history-heading">
      <Title order={2} size="h3" id="payment-history-heading" mb="sm">
        Payment History
      </Title>
      {openError ? (
        <Alert
          color="red"
          mb="sm"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setOpenError(null)}
        >
          {openError}
        </Alert>
      ) : null}
      {groups.length === 0 ? (
        <Text>No payment history found.</Text>
      ) : phone ? (
        // A phone gets one card per reservation: every amount, date and button in view.
        <HistoryCards
          groups={groups}
          labelledBy="payment-history-heading"
          documents={documents}
          opening={opening}
          onOpen={(id, kind) => void open(id, kind)}
        />
      ) : (
        <Table.ScrollContainer minWidth={680}>
          <Table verticalSpacing="sm" withRowBorders>
            <ColumnHeaders
              columns={['Event', 'Dates', 'Transaction', 'Amount', 'Date', 'Document']}
            />
            {groups.map((group) => (
              <HistoryGroupRows
                key={group.key}
                group={group}
                documents={documents}
                opening={opening}
                onOpen={(id, kind) => void open(id, kind)}
              />
            ))}
          </Table>
        </Table.ScrollContainer>
      )}
    </section>
  );
}
