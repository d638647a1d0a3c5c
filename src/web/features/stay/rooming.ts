/**
 * The rooming board's moves on a draft of the questionnaire: add a name, place
 * it in a room (never beyond the room's beds), take it out, remove it. Each
 * answers the new draft, or the reason it was refused.
 */
import { nameKey } from '../../../shared/questionnaire-rules.js';
import type { Draft, Room } from './questionnaire-draft.js';

export type Move = { draft: Draft } | { refusal: string };

const beds = (n: number) => `${n} ${n === 1 ? 'bed' : 'beds'}`;

/** "1 of 2 beds taken". */
export const bedsText = (taken: number, room: Room) => `${taken} of ${beds(room.beds)} taken`;

/** The rooms without this name. */
function withoutName(rooming: Draft['rooming'], name: string): Draft['rooming'] {
  const key = nameKey(name);
  return Object.fromEntries(
    Object.entries(rooming).map(([id, names]) => [id, names.filter((n) => nameKey(n) !== key)]),
  );
}

/** A name the leader types: not empty, and not on the board already. */
export function addName(draft: Draft, typed: string, onBoard: readonly string[]): Move {
  const name = typed.trim().replace(/\s+/g, ' ');
  if (!name) return { refusal: 'Type a name first.' };
  if (name.length > 100) return { refusal: 'A name can be at most 100 characters long.' };
  const key = nameKey(name);
  const same = onBoard.find((n) => nameKey(n) === key);
  if (same) return { refusal: `${same} is already on the list.` };
  return { draft: { ...draft, extraNames: [...draft.extraNames, name] } };
}

/** Puts a name in a room (out of any other), unless the room's beds are all taken. */
export function placeName(draft: Draft, name: string, room: Room | undefined): Move {
  if (!room) return { refusal: `Choose a room for ${name} first.` };
  const rooming = withoutName(draft.rooming, name);
  const inRoom = rooming[room.id] ?? [];
  if (inRoom.length >= room.beds) {
    return {
      refusal: `${room.name} is full: it has ${beds(room.beds)}. Choose another room for ${name}, or take someone out of ${room.name} first.`,
    };
  }
  return { draft: { ...draft, rooming: { ...rooming, [room.id]: [...inRoom, name] } } };
}

/**
 * Takes a name out of its room; it stays on the list of names to place (a
 * name that is not an attendee's joins the typed ones).
 */
export function unplaceName(draft: Draft, name: string, attendees: readonly string[]): Draft {
  const key = nameKey(name);
  const known = [...attendees, ...draft.extraNames].some((n) => nameKey(n) === key);
  return {
    ...draft,
    rooming: withoutName(draft.rooming, name),
    extraNames: known ? draft.extraNames : [...draft.extraNames, name],
  };
}

/** Removes a typed name from the board altogether. */
export function removeName(draft: Draft, name: string): Draft {
  const key = nameKey(name);
  return {
    ...draft,
    rooming: withoutName(draft.rooming, name),
    extraNames: draft.extraNames.filter((n) => nameKey(n) !== key),
  };
}
