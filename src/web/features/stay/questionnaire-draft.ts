/**
 * The questionnaire as the form holds it (texts as typed, names by room) and
 * as the API takes it, with the problems of either: the shared schema's and
 * src/shared/questionnaire-rules.ts's, the same messages the server answers.
 * Problems are keyed by field: `finalGuests`, `diets.vegan`, `dietNotes`,
 * `arrivalTime`, `setup`, `rooming.<roomId>`; any other under ''.
 */
import { nameKey, questionnaireIssues } from '../../../shared/questionnaire-rules.js';
import {
  DIETS,
  questionnaireBody,
  type Diet,
  type Questionnaire,
  type QuestionnaireBody,
} from '../../../shared/schemas/questionnaire.js';

export type Room = Questionnaire['rooms'][number];

export interface Draft {
  finalGuests: string;
  diets: Record<Diet, string>;
  dietNotes: string;
  arrivalTime: string;
  setup: string;
  /** The names placed in each room, by the room's id. */
  rooming: Record<string, string[]>;
  /** Names the leader typed that are not attendees (placed or not). */
  extraNames: string[];
}

export type Problems = Record<string, string>;

export const NEEDS_FINAL_COUNT =
  'Give the final number of guests before sending the questionnaire.';

const count = (n: number) => (n === 0 ? '' : String(n));

/**
 * The saved answers as the form starts with them. Names saved in a room the
 * house no longer has are not placed: the leader places them again.
 */
export function draftOf(q: Questionnaire): Draft {
  const known = new Set(q.rooms.map((r) => r.id));
  const rooming: Record<string, string[]> = {};
  const extraNames: string[] = [...q.unplaced];
  for (const { roomId, names } of q.rooming) {
    if (known.has(roomId)) rooming[roomId] = [...(rooming[roomId] ?? []), ...names];
    else extraNames.push(...names);
  }
  return {
    finalGuests: q.finalGuests === null ? '' : String(q.finalGuests),
    diets: Object.fromEntries(DIETS.map((d) => [d, count(q.diets[d])])) as Record<Diet, string>,
    dietNotes: q.dietNotes,
    arrivalTime: q.arrivalTime ?? '',
    setup: q.setup,
    rooming,
    extraNames,
  };
}

/** A typed number: empty is none, anything else its value (NaN when it is not one). */
const numberOf = (text: string) => (text.trim() === '' ? null : Number(text.trim()));

/** The whole questionnaire as the PUT takes it (it replaces every saved answer). */
export function bodyOf(draft: Draft, rooms: readonly Room[]): QuestionnaireBody {
  return {
    finalGuests: numberOf(draft.finalGuests),
    diets: Object.fromEntries(
      DIETS.map((d) => [d, numberOf(draft.diets[d]) ?? 0]),
    ) as QuestionnaireBody['diets'],
    dietNotes: draft.dietNotes,
    rooming: rooms
      .map((room) => ({ roomId: room.id, names: draft.rooming[room.id] ?? [] }))
      .filter((entry) => entry.names.length > 0),
    // Typed names not in a room yet are kept too: a save never loses a name.
    unplaced: draft.extraNames.filter((name) => roomOf(draft, name) === undefined),
    arrivalTime: draft.arrivalTime.trim() === '' ? null : draft.arrivalTime.trim(),
    setup: draft.setup,
  };
}

/**
 * The field a problem's path names (`body.diets.vegan`, `diets.vegan`,
 * `rooming.0.names.1`), a room's by the id of the room the body listed at
 * that place.
 */
export function fieldOf(path: string, body: QuestionnaireBody): string {
  const parts = path.replace(/^body\.?/, '').split('.');
  const [top = '', second] = parts;
  if (top === 'diets' && second) return `diets.${second}`;
  if (top === 'unplaced') return 'rooming';
  if (top === 'rooming') {
    const roomId = body.rooming?.[Number(second)]?.roomId;
    return roomId === undefined ? 'rooming' : `rooming.${roomId}`;
  }
  return ['finalGuests', 'dietNotes', 'arrivalTime', 'setup'].includes(top) ? top : '';
}

/** Problems as the fields show them: the first message for each. */
export function problemsOf(
  issues: readonly { path: string; message: string }[],
  body: QuestionnaireBody,
): Problems {
  const problems: Problems = {};
  for (const { path, message } of issues) problems[fieldOf(path, body)] ??= message;
  return problems;
}

/**
 * What is wrong with the answers before they are sent: the schema's checks,
 * the house's rules (diets within the count, beds per room, nobody twice), the
 * house's maximum of guests when known, and, to send, a final count.
 */
export function checkDraft(
  draft: Draft,
  rooms: readonly Room[],
  { send, maximumGuests }: { send: boolean; maximumGuests?: number | undefined },
): { body: QuestionnaireBody; problems: Problems } {
  const body = bodyOf(draft, rooms);
  const parsed = questionnaireBody.safeParse(body);
  const issues = [
    ...(parsed.success ? [] : parsed.error.issues).map((i) => ({
      path: i.path.join('.'),
      message: i.message,
    })),
    ...questionnaireIssues(body, rooms),
  ];
  const problems = problemsOf(issues, body);
  const guests = body.finalGuests ?? null;
  if (guests === null && send) problems.finalGuests ??= NEEDS_FINAL_COUNT;
  if (guests !== null && maximumGuests !== undefined && guests > maximumGuests) {
    problems.finalGuests ??= `The house takes at most ${maximumGuests} guests.`;
  }
  return { body, problems };
}

/** Every name of the board once (by `nameKey`), attendees first, in the order given. */
export function boardNames(attendees: readonly string[], draft: Draft): string[] {
  const seen = new Set<string>();
  const all = [...attendees, ...draft.extraNames, ...Object.values(draft.rooming).flat()];
  return all.filter((name) => {
    const key = nameKey(name);
    if (key === '' || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The room a name is placed in, or undefined. */
export function roomOf(draft: Draft, name: string): string | undefined {
  const key = nameKey(name);
  return Object.keys(draft.rooming).find((id) =>
    (draft.rooming[id] ?? []).some((n) => nameKey(n) === key),
  );
}
