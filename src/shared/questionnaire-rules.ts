import { DIETS, type QuestionnaireBody, type Room } from './schemas/questionnaire.js';

export interface Issue {
  path: string;
  message: string;
}

/** How a name is compared for "a name twice": case, accents' forms and spaces aside. */
export const nameKey = (name: string) =>
  name.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase();

/**
 * The questionnaire's rules that need the house's rooms (docs/stays.md): no
 * diet count above the final count, only known rooms, no more names in a room
 * than it has beds, and nobody in two beds or twice on the list of names to
 * place. Every problem is listed.
 */
export function questionnaireIssues(body: QuestionnaireBody, rooms: readonly Room[]): Issue[] {
  const issues: Issue[] = [];
  const finalGuests = body.finalGuests ?? null;
  if (finalGuests !== null && body.diets) {
    for (const diet of DIETS) {
      const count = body.diets[diet] ?? 0;
      if (count > finalGuests) {
        issues.push({
          path: `body.diets.${diet}`,
          message: `${count} is more than the ${finalGuests} guests of the final count.`,
        });
      }
    }
  }
  const byId = new Map(rooms.map((r) => [r.id, r]));
  const seenRooms = new Set<string>();
  const seenNames = new Map<string, string>();
  (body.rooming ?? []).forEach((entry, i) => {
    const room = byId.get(entry.roomId);
    if (!room) {
      issues.push({
        path: `body.rooming.${i}.roomId`,
        message: `There is no room "${entry.roomId}".`,
      });
      return;
    }
    if (seenRooms.has(room.id)) {
      issues.push({ path: `body.rooming.${i}.roomId`, message: `${room.name} is listed twice.` });
    }
    seenRooms.add(room.id);
    if (entry.names.length > room.beds) {
      issues.push({
        path: `body.rooming.${i}.names`,
        message: `${room.name} has ${room.beds} ${room.beds === 1 ? 'bed' : 'beds'}, not ${entry.names.length}.`,
      });
    }
    entry.names.forEach((name, j) => {
      const key = nameKey(name);
      const where = seenNames.get(key);
      if (where !== undefined) {
        issues.push({
          path: `body.rooming.${i}.names.${j}`,
          message: `${name.trim()} is already placed in ${where}.`,
        });
      } else {
        seenNames.set(key, room.name);
      }
    });
  });
  (body.unplaced ?? []).forEach((name, i) => {
    const key = nameKey(name);
    const where = seenNames.get(key);
    if (where !== undefined) {
      issues.push({
        path: `body.unplaced.${i}`,
        message: where
          ? `${name.trim()} is already placed in ${where}.`
          : `${name.trim()} is on the list twice.`,
      });
    } else {
      seenNames.set(key, '');
    }
  });
  return issues;
}

/** How many beds the house has in all. */
export const bedsOf = (rooms: readonly Room[]) => rooms.reduce((sum, r) => sum + r.beds, 0);

/**
 * Where a stay's questionnaire stands: not begun, a draft (never sent, or
 * changed since it was), or sent. A draft's answers may still change.
 */
export function answersStateOf(
  q: { submittedAt: Date | null; updatedAt: Date } | null | undefined,
): 'none' | 'draft' | 'sent' {
  if (!q) return 'none';
  return q.submittedAt && q.updatedAt <= q.submittedAt ? 'sent' : 'draft';
}
