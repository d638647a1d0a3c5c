/**
 * The selection rules and the new-reservation checks of docs/product.md §2 and §5, as
 * pure functions over UTC day keys.
 */
import { closedDays, turnoverDaysAround } from '../../../shared/calendar-holds.js';
import type { Closure } from '../../../shared/schemas/closures.js';
import {
  addDays,
  daysBetween,
  monthOfDay,
  rangeToTimes,
  reservedDays,
  shiftMonth,
  type DayKey,
} from '../../../shared/dates.js';
import { messages } from '../../../shared/messages.js';
import { isHolding } from '../../../shared/reservations.js';
import {
  createReservationBody,
  MAX_RESERVATION_DAYS,
  type CalendarEntry,
  type CreateReservationBody,
  type Reservation,
} from '../../../shared/schemas/reservations.js';
import type { DaySelection } from '@/components/month-calendar/index.js';

/**
 * A click on a day: the first click starts a selection, a second click on
 * another day makes the inclusive range, a second click on the same day clears
 * it, and a click while a range is selected starts a new selection.
 */
export function nextSelection(current: DaySelection | null, clicked: DayKey): DaySelection | null {
  if (!current || current.end !== undefined) return { start: clicked };
  if (clicked === current.start) return null;
  return clicked < current.start
    ? { start: clicked, end: current.start }
    : { start: current.start, end: clicked };
}

/** The first and last day of a selection. */
export function selectionBounds(selection: DaySelection): { first: DayKey; last: DayKey } {
  const end = selection.end ?? selection.start;
  return selection.start <= end
    ? { first: selection.start, last: end }
    : { first: end, last: selection.start };
}

/** The months (1-12) a selection touches, for loading their reserved days. */
export function monthsOf(selection: DaySelection | null): { year: number; month: number }[] {
  if (!selection) return [];
  const { first, last } = selectionBounds(selection);
  const months: { year: number; month: number }[] = [];
  let at = monthOfDay(first);
  const lastKey = last.slice(0, 7);
  // A selection is checked against at most a few months; the bound keeps a bad input cheap.
  for (let i = 0; i < 240; i++) {
    months.push(at);
    if (`${at.year}-${String(at.month).padStart(2, '0')}` >= lastKey) break;
    at = shiftMonth(at.year, at.month, 1);
  }
  return months;
}

/** What is on a day of the member's calendar. */
export interface DayOccupancy {
  /** The member's own pending or approved reservation holding the day. */
  own?: Reservation;
  /** The member's own rejected or cancelled reservation (the day is free). */
  released?: Reservation;
  /** Someone else holds the day. */
  other: boolean;
  /** The house is closed: the public label. */
  closed?: string;
  /** Kept free for turnover before or after a held stay (docs/calendar.md). */
  turnover?: boolean;
}

const isOwn = (entry: CalendarEntry): entry is Reservation => entry.status !== 'otherReserved';

/**
 * Day key → what occupies it, from the calendar answers of one or more months,
 * their closures, and the house's turnover days around every held stay.
 */
export function occupancy(
  entries: readonly CalendarEntry[],
  closures: readonly Closure[] = [],
  turnoverDays = 0,
): Map<DayKey, DayOccupancy> {
  const days = new Map<DayKey, DayOccupancy>();
  const at = (key: DayKey) => {
    let o = days.get(key);
    if (!o) days.set(key, (o = { other: false }));
    return o;
  };
  for (const entry of entries) {
    for (const key of reservedDays(entry.startTime, entry.endTime)) {
      const o = at(key);
      if (!isOwn(entry)) o.other = true;
      else if (isHolding(entry.status)) o.own = entry;
      else o.released = entry;
    }
  }
  for (const [key, label] of closedDays(closures)) at(key).closed = label;
  const stays = entries
    .filter((e) => !isOwn(e) || isHolding(e.status))
    .map((e) => reservedDays(e.startTime, e.endTime))
    .filter((keys) => keys.length > 0)
    .map((keys) => ({ first: keys[0]!, last: keys[keys.length - 1]! }));
  for (const key of turnoverDaysAround(stays, turnoverDays)) at(key).turnover = true;
  return days;
}

/** Whether a new reservation cannot have the day: held, closed or kept free for turnover. */
export const isHeld = (o: DayOccupancy | undefined) =>
  Boolean(o && (o.own || o.other || o.closed !== undefined || o.turnover));

/** Why a day cannot be part of a new reservation. */
export type Unavailable = 'reserved' | 'yours' | 'closed' | 'turnover' | 'past' | 'tooFar';

/**
 * Why `key` cannot be in a reservation that starts or ends on `first`, or null
 * when it can: a past day (in the house's time zone), a day too far from
 * `first` for one reservation, a closed day, a day held by someone else or
 * by the member's own pending or approved reservation, or a turnover day.
 */
export function unavailableReason(
  key: DayKey,
  o: DayOccupancy | undefined,
  today: DayKey,
  first: DayKey,
): Unavailable | null {
  if (key < today) return 'past';
  if (Math.abs(daysBetween(first, key)) >= MAX_RESERVATION_DAYS) return 'tooFar';
  if (o?.closed !== undefined) return 'closed';
  if (o?.other) return 'reserved';
  if (o?.own) return 'yours';
  if (o?.turnover) return 'turnover';
  return null;
}

export type RangeCheck = { ok: true; selection: DaySelection } | { ok: false; blocked: DayKey[] };

/**
 * The second click of a selection: the inclusive range from `first` to
 * `clicked` (either order), or, when some of its days are unavailable, those
 * days in order and no range.
 */
export function checkRange(
  first: DayKey,
  clicked: DayKey,
  unavailable: ReadonlySet<DayKey> | ((key: DayKey) => boolean),
): RangeCheck {
  const isUnavailable =
    typeof unavailable === 'function' ? unavailable : (key: DayKey) => unavailable.has(key);
  const [from, to] = first <= clicked ? [first, clicked] : [clicked, first];
  const blocked: DayKey[] = [];
  for (let key = from; key <= to; key = addDays(key, 1)) {
    if (isUnavailable(key)) blocked.push(key);
  }
  return blocked.length > 0
    ? { ok: false, blocked }
    : { ok: true, selection: { start: from, end: to } };
}

export interface NewReservationFields {
  eventName: string;
  eventDescription: string;
  additionalInfo: string;
}

export interface NewReservationErrors {
  dates?: string;
  eventName?: string;
  eventDescription?: string;
  additionalInfo?: string;
}

export type NewReservationCheck =
  { ok: true; body: CreateReservationBody } | { ok: false; errors: NewReservationErrors };

/**
 * The checks of docs/product.md §5 before a request is sent: a date is chosen, event name
 * and description are given, the days form one block without held days, and
 * the range is valid. The times are midnight UTC of the first day to the last
 * millisecond (UTC) of the last.
 */
export function checkNewReservation(
  selection: DaySelection | null,
  fields: NewReservationFields,
  held: (key: DayKey) => boolean,
): NewReservationCheck {
  const errors: NewReservationErrors = {};
  let times = { startTime: '', endTime: '' };
  if (!selection) {
    errors.dates = messages.selectAtLeastOneDate;
  } else {
    const { first, last } = selectionBounds(selection);
    times = rangeToTimes(first, last);
    const count = daysBetween(first, last) + 1;
    for (let i = 0; i < count && i <= 366; i++) {
      if (held(addDays(first, i))) {
        errors.dates = messages.contiguousBlock;
        break;
      }
    }
  }
  const parsed = createReservationBody.safeParse({ ...times, ...fields });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (field === 'startTime' || field === 'endTime' || field === '') {
        errors.dates ??= issue.message;
      } else if (
        field === 'eventName' ||
        field === 'eventDescription' ||
        field === 'additionalInfo'
      ) {
        errors[field] ??= issue.message;
      }
    }
  }
  if (errors.dates || errors.eventName || errors.eventDescription || errors.additionalInfo) {
    return { ok: false, errors };
  }
  return parsed.success
    ? { ok: true, body: parsed.data }
    : { ok: false, errors: { dates: messages.invalidDateRange } };
}
