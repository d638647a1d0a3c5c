/**
 * Test fixtures of the stay page: an approved group stay of `testUser`, a
 * fake API over mutable state (the reservation, its checklist, questionnaire,
 * attendees and the church's documents, so that refetches see the changes),
 * and the page opened at a fixed "now".
 */
import type { DocumentInfo } from '../../../shared/schemas/documents.js';
import type {
  Attendee,
  ChecklistItem,
  Questionnaire,
} from '../../../shared/schemas/questionnaire.js';
import type { Reservation } from '../../../shared/schemas/reservations.js';
import { memberReservation } from '@/test/member-reservation.js';
import { questionnaireOf } from '@/test/questionnaire.js';
import {
  mockApi,
  renderPageAt,
  testAdmin,
  testUser,
  type FakeRequest,
  type FakeRoutes,
} from '@/test/utils.js';

/** "Now" is 5 March 2027, noon in Chicago: the final count is due on June 5. */
export const NOW = new Date('2027-03-05T18:00:00.000Z');

/** An approved group stay of 20 guests, June 15-17, 2027: $4,700.00 with a $1,175.00 deposit. */
export function stay(over: Partial<Reservation> = {}): Reservation {
  return memberReservation(7, {
    startTime: '2027-06-15T00:00:00.000Z',
    endTime: '2027-06-17T23:59:59.999Z',
    eventName: 'Youth retreat',
    status: 'approved',
    priceCents: 470000,
    guests: 20,
    depositCents: 117500,
    balanceDueDate: '2027-06-01',
    ...over,
  });
}

/** Its checklist as the server computes it: nothing done yet. */
export const openChecklist = (): ChecklistItem[] => [
  { item: 'agreement', done: false, dueDate: '2027-03-10' },
  { item: 'deposit', done: false, dueDate: '2027-03-10' },
  { item: 'questionnaire', done: false, dueDate: '2027-06-05' },
  { item: 'insurance', done: false, dueDate: '2027-06-05' },
  { item: 'balance', done: false, dueDate: '2027-06-01' },
];

export const attendee = (id: number, name: string, over: Partial<Attendee> = {}): Attendee => ({
  id,
  name,
  diet: '',
  notes: '',
  ...over,
});

export function documentOf(id: number, over: Partial<DocumentInfo> = {}): DocumentInfo {
  return {
    kind: 'upload',
    id,
    accountId: 1,
    fileName: `file-${id}.pdf`,
    description: `Document ${id}`,
    fileSize: 2048,
    createdAt: '2027-02-01T12:00:00.000Z',
    uploader: null,
    reservationId: null,
    ...over,
  };
}

export interface StayState {
  reservation: Reservation;
  checklist: ChecklistItem[];
  questionnaire: Questionnaire;
  attendees: Attendee[];
  documents: DocumentInfo[];
  link: string;
}

/**
 * A fake API of one stay, the member's own (or, with `admin`, seen by an
 * administrator through the admin list). `routes` adds or replaces calls (a
 * function of the state, for calls that change it).
 */
export function stayServer(
  over: Partial<StayState> = {},
  {
    routes = {},
    admin = false,
  }: { routes?: FakeRoutes | ((state: StayState) => FakeRoutes); admin?: boolean } = {},
) {
  const state: StayState = {
    reservation: stay(),
    checklist: openChecklist(),
    questionnaire: questionnaireOf(),
    attendees: [],
    documents: [],
    link: '/stay/first-token',
    ...over,
  };
  const base = `/api/reservations/${state.reservation.id}`;
  const fetchMock = mockApi(
    {
      'GET /api/reservations/my-reservations': (req: FakeRequest) => {
        const ids = new URL(req.url, 'http://localhost').searchParams.get('ids');
        return { body: ids === String(state.reservation.id) ? [state.reservation] : [] };
      },
      'GET /api/reservations': () => ({
        body: [{ ...state.reservation, accountId: 1 }],
      }),
      [`GET ${base}/checklist`]: () => ({ body: state.checklist }),
      [`GET ${base}/questionnaire`]: () => ({ body: state.questionnaire }),
      [`GET ${base}/attendees`]: () => ({ body: state.attendees }),
      [`POST ${base}/attendee-link`]: () => ({ body: { url: state.link } }),
      'GET /api/documents': () => ({ body: state.documents }),
      ...(typeof routes === 'function' ? routes(state) : routes),
    },
    { user: admin ? testAdmin : testUser },
  );
  return { fetchMock, state };
}

/** The member's stay page, once its heading is drawn. */
export const openStayPage = (path = '/account/reservations/7', heading = 'Youth retreat') =>
  renderPageAt(path, heading);
