/**
 * What an edit changed, as the text of a history entry. Pure: the services read
 * the row before and after the change in their transaction and pass both here.
 *
 * Short names are named (event and account names in quotes, people's names
 * as they are); free texts, phone numbers, emails and addresses are only said
 * to be added, changed or removed, never quoted.
 */

/** Names longer than this are cut with an ellipsis. */
export const MAX_NAME_IN_SUMMARY = 80;

export interface ReservationDetails {
  eventName: string;
  eventDescription: string;
  additionalInfo: string | null;
  firstDay: string;
  lastDay: string;
}

export interface ProfilePerson {
  fullName: string;
  phoneNumber: string | null;
  email: string | null;
  address: string | null;
}

export interface ProfileSnapshot {
  accountName: string;
  primaryContactFullName: string | null;
  primaryContactPhoneNumber: string | null;
  primaryContactEmail: string | null;
  primaryContactAddress: string | null;
  responsiblePersons: readonly ProfilePerson[];
}

/** Missing, null and blank are the same: nothing. */
const norm = (v: string | null | undefined) => (v ?? '').trim();

function short(name: string): string {
  const n = norm(name).replace(/\s+/g, ' ');
  return n.length > MAX_NAME_IN_SUMMARY ? `${n.slice(0, MAX_NAME_IN_SUMMARY - 1)}…` : n;
}

const quoted = (name: string) => `“${short(name)}”`;
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A free text (or a contact detail): added, removed or changed, never its words. */
function textChange(label: string, before: string | null, after: string | null): string | null {
  const a = norm(before);
  const b = norm(after);
  if (a === b) return null;
  if (!a) return `${label} added`;
  if (!b) return `${label} removed`;
  return `${label} changed`;
}

/** A short name: from what to what. */
function nameChange(
  label: string,
  before: string | null,
  after: string | null,
  show: (name: string) => string,
): string | null {
  const a = norm(before);
  const b = norm(after);
  if (a === b) return null;
  if (!a) return `${label} set to ${show(b)}`;
  if (!b) return `${label} removed`;
  return `${label} changed from ${show(a)} to ${show(b)}`;
}

const present = (changes: (string | null)[]) => changes.filter((c): c is string => c !== null);

/** A reservation as the other history entries name it. */
export const describeStay = (r: Pick<ReservationDetails, 'eventName' | 'firstDay' | 'lastDay'>) =>
  `${r.eventName} (${r.firstDay} to ${r.lastDay})`;

/** What an edit of a reservation's details changed, one phrase each (empty: nothing). */
export function reservationChanges(before: ReservationDetails, after: ReservationDetails) {
  const dates =
    before.firstDay === after.firstDay && before.lastDay === after.lastDay
      ? null
      : `dates changed (now ${after.firstDay} to ${after.lastDay})`;
  return present([
    nameChange('event name', before.eventName, after.eventName, quoted),
    dates,
    textChange('description', before.eventDescription, after.eventDescription),
    textChange('additional information', before.additionalInfo, after.additionalInfo),
  ]);
}

/**
 * "Reservation details edited: Spring retreat (2027-05-03 to 2027-05-05). Event
 * name changed from “Spring retreat” to “Spring prayer retreat”; description
 * changed." The reservation is named as it was before the edit.
 */
export function reservationEditSummary(before: ReservationDetails, after: ReservationDetails) {
  const changes = reservationChanges(before, after);
  const what = changes.length > 0 ? changes.join('; ') : 'no changes';
  return `Reservation details edited: ${describeStay(before)}. ${capitalise(what)}.`;
}

/**
 * The responsible persons added, removed, edited and reordered. People are
 * matched by name (the same name twice is matched in order); a person whose
 * name changed reads as one removed and one added.
 */
function personChanges(before: readonly ProfilePerson[], after: readonly ProfilePerson[]) {
  const remaining = after.map((person, index) => ({ person, index }));
  const removed: string[] = [];
  const edited: string[] = [];
  const matchedOrder: number[] = [];
  for (const old of before) {
    const at = remaining.findIndex((r) => norm(r.person.fullName) === norm(old.fullName));
    if (at < 0) {
      removed.push(old.fullName);
      continue;
    }
    const [{ person, index }] = remaining.splice(at, 1) as [
      { person: ProfilePerson; index: number },
    ];
    matchedOrder.push(index);
    const detailsChanged =
      norm(old.phoneNumber) !== norm(person.phoneNumber) ||
      norm(old.email) !== norm(person.email) ||
      norm(old.address) !== norm(person.address);
    if (detailsChanged) edited.push(old.fullName);
  }
  const reordered = matchedOrder.some((index, i) => i > 0 && index < matchedOrder[i - 1]!);
  return [
    ...remaining.map((r) => `responsible person ${short(r.person.fullName)} added`),
    ...removed.map((name) => `responsible person ${short(name)} removed`),
    ...edited.map((name) => `details of responsible person ${short(name)} changed`),
    ...(reordered ? ['responsible persons reordered'] : []),
  ];
}

/** What a profile update changed, one phrase each (empty: nothing). */
export function profileChanges(before: ProfileSnapshot, after: ProfileSnapshot) {
  return present([
    nameChange('account name', before.accountName, after.accountName, quoted),
    nameChange(
      'primary contact name',
      before.primaryContactFullName,
      after.primaryContactFullName,
      short,
    ),
    textChange(
      'primary contact phone number',
      before.primaryContactPhoneNumber,
      after.primaryContactPhoneNumber,
    ),
    textChange('primary contact email', before.primaryContactEmail, after.primaryContactEmail),
    textChange(
      'primary contact address',
      before.primaryContactAddress,
      after.primaryContactAddress,
    ),
    ...personChanges(before.responsiblePersons, after.responsiblePersons),
  ]);
}

/**
 * "Account profile updated: primary contact name changed from Ann Smith to Ann
 * Jones; responsible person Bob Jones added; responsible person Carl Weiss removed."
 */
export function profileUpdateSummary(before: ProfileSnapshot, after: ProfileSnapshot) {
  const changes = profileChanges(before, after);
  return `Account profile updated: ${changes.length > 0 ? changes.join('; ') : 'no changes'}.`;
}
