/**
 * Saving the questionnaire from the stay page: "Save draft" is the PUT,
 * "Send to the house" the PUT then the submit. A member's draft binds
 * nothing; sending it (or an administrator's save) gives the final count,
 * which prices the stay again (an invoice, maybe a refund), so the
 * reservations (the checklist with them), the payments and the documents, the
 * member's and the administrator's, are reloaded after.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client.js';
import { documentKeys } from '@/lib/api/documents.js';
import { paymentsRootKey } from '@/lib/api/money.js';
import {
  putQuestionnaire,
  questionnaireKey,
  type Questionnaire,
  type QuestionnaireBody,
} from '@/lib/api/questionnaire.js';

/** Reloads what a save may have changed, whether it worked or not (it may have priced the stay again). */
function useReload() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [
        ['reservations'],
        ['admin', 'reservations'],
        ['admin', 'payments'],
        paymentsRootKey,
        documentKeys.all,
      ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
}

/** PUT /api/reservations/{id}/questionnaire: "Save draft" (the whole questionnaire). */
export function useSaveQuestionnaire(reservationId: number) {
  const queryClient = useQueryClient();
  const reload = useReload();
  return useMutation({
    mutationFn: (body: QuestionnaireBody) => putQuestionnaire(reservationId, body),
    onSuccess: (answer) => queryClient.setQueryData(questionnaireKey(reservationId), answer),
    onSettled: reload,
  });
}

/** POST /api/reservations/{id}/questionnaire/submit: sends the saved questionnaire to the house. */
export function useSendQuestionnaire(reservationId: number) {
  const queryClient = useQueryClient();
  const reload = useReload();
  return useMutation({
    mutationFn: () =>
      api.post<Questionnaire>(`/reservations/${reservationId}/questionnaire/submit`),
    onSuccess: (answer) => queryClient.setQueryData(questionnaireKey(reservationId), answer),
    onSettled: reload,
  });
}
