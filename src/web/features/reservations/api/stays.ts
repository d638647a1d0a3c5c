/**
 * A group's stay after approval: its final count (docs/money.md). The
 * questionnaire's query lives in src/web/lib/api/questionnaire.ts (the stay
 * page reads it too).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { documentKeys } from '@/lib/api/documents.js';
import { paymentsRootKey } from '@/lib/api/money.js';
import { putFinalCount } from '@/lib/api/questionnaire.js';
import { reservationKeys } from './reservations.js';

export { questionnaireQuery } from '@/lib/api/questionnaire.js';

/**
 * The final count, the other answers of the questionnaire kept (a PUT
 * replaces them all), sent to the house (a draft binds nothing): the server prices the stay again, writes an invoice and
 * refunds any overpayment, so the reservations (their new price), the
 * payments and the documents are reloaded; it resolves once the reservations
 * are in again.
 */
export function useSaveFinalCount(reservationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (finalGuests: number) => putFinalCount(reservationId, finalGuests, { send: true }),
    onSuccess: () =>
      Promise.all(
        [reservationKeys.all, paymentsRootKey, documentKeys.all].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
