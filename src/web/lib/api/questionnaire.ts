/**
 * A group's pre-arrival questionnaire (docs/stays.md, "The questionnaire"):
 * read by My Reservations (the final count), the administrator's final count
 * and the stay page. Its key is under 'reservations': user data, dropped on
 * logout, and reloaded with every reservation change.
 *
 * A PUT replaces every saved answer, so whoever changes one answer sends the
 * others as they are (`answersOf`), never the changed field alone.
 */
import { queryOptions } from '@tanstack/react-query';
import {
  DIETS,
  type Questionnaire,
  type QuestionnaireBody,
} from '../../../shared/schemas/questionnaire.js';
import { api } from './client.js';

export type { Questionnaire, QuestionnaireBody };

export const questionnaireKey = (reservationId: number) =>
  ['reservations', 'questionnaire', reservationId] as const;

const pathOf = (reservationId: number) => `/reservations/${reservationId}/questionnaire`;

/** GET /api/reservations/{id}/questionnaire: the answers so far, the final count's due day and the rooms. */
export const questionnaireQuery = (reservationId: number) =>
  queryOptions({
    queryKey: questionnaireKey(reservationId),
    queryFn: ({ signal }) => api.get<Questionnaire>(pathOf(reservationId), { signal }),
    staleTime: 30_000,
    retry: false,
  });

/** The saved answers as a PUT body: what to send to keep them as they are. */
export function answersOf(q: Questionnaire): QuestionnaireBody {
  return {
    finalGuests: q.finalGuests,
    diets: Object.fromEntries(DIETS.map((d) => [d, q.diets[d]])) as QuestionnaireBody['diets'],
    dietNotes: q.dietNotes,
    rooming: q.rooming.map((e) => ({ roomId: e.roomId, names: [...e.names] })),
    unplaced: [...q.unplaced],
    arrivalTime: q.arrivalTime,
    setup: q.setup,
  };
}

/** PUT /api/reservations/{id}/questionnaire: the whole questionnaire, replacing what was saved. */
export const putQuestionnaire = (reservationId: number, body: QuestionnaireBody) =>
  api.put<Questionnaire>(pathOf(reservationId), body);

/**
 * A new final count with every other answer kept: the saved answers are read
 * first, then sent back with the count. The house's own save gives the count
 * at once; a member's is a draft until the questionnaire is sent (`send`).
 */
export async function putFinalCount(
  reservationId: number,
  finalGuests: number,
  { send }: { send: boolean },
) {
  const saved = await api.get<Questionnaire>(pathOf(reservationId));
  const answer = await putQuestionnaire(reservationId, { ...answersOf(saved), finalGuests });
  return send ? api.post<Questionnaire>(`${pathOf(reservationId)}/submit`) : answer;
}
