/**
 * Calendar days as `YYYY-MM-DD` keys, always in UTC (docs/product.md §9): a reservation's
 * days never depend on the time zone of the browser that shows them.
 */

export type DayKey = string;

const DAY_MS = 86_400_000;
const DAY_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;
export const START_TIME = /^(\d{4}-\d{2}-\d{2})T00:00:00\.000Z$/;
export const END_TIME = /^(\d{4}-\d{2}-\d{2})T23:59:59\.999Z$/;

/** The day key of an instant, in UTC. */
export const dayKeyOf = (date: Date): DayKey => date.toISOString().slice(0, 10);

/** A day key built from numbers (month 1-12), or null when no such day exists. */
export function makeDayKey(year: number, month: number, day: number): DayKey | null {
  const d = new Date(Date.UTC(year, month - 1, day));
  if (
    year < 1 ||
    year > 9999 ||
    d.getUTCFullYear() !== year ||
    d.getUTCMonth() !== month - 1 ||
    d.getUTCDate() !== day
  ) {
    return null;
  }
  return dayKeyOf(d);
}

export function isDayKey(value: string): boolean {
  const m = DAY_KEY.exec(value);
  return Boolean(m && makeDayKey(Number(m[1]), Number(m[2]), Number(m[3])) === value);
}

const toUtc = (key: DayKey) => Date.parse(`${key}T00:00:00.000Z`);

export const addDays = (key: DayKey, days: number): DayKey =>
  dayKeyOf(new Date(toUtc(key) + days * DAY_MS));

/** Whole days from a to b (negative when b is earlier). */
export const daysBetween = (a: DayKey, b: DayKey) => Math.round((toUtc(b) - toUtc(a)) / DAY_MS);

export const compareDayKeys = (a: DayKey, b: DayKey) => (a < b ? -1 : a > b ? 1 : 0);

/** `startTime` of a reservation beginning on that day (midnight UTC). */
export const startTimeOf = (key: DayKey) => `${key}T00:00:00.000Z`;
/** `endTime` of a reservation ending on that day (the last millisecond, UTC). */
export const endTimeOf = (key: DayKey) => `${key}T23:59:59.999Z`;

/** The times sent for a selection of two days, in either order (docs/product.md §5). */
export function rangeToTimes(a: DayKey, b: DayKey): { startTime: string; endTime: string } {
  const [first, last] = compareDayKeys(a, b) <= 0 ? [a, b] : [b, a];
  return { startTime: startTimeOf(first), endTime: endTimeOf(last) };
}

/** The first and last day of a reservation's times, or null if they are not in the exact format. */
export function timesToDays(
  startTime: string,
  endTime: string,
): { first: DayKey; last: DayKey } | null {
  const s = START_TIME.exec(startTime);
  const e = END_TIME.exec(endTime);
  if (!s || !e || !isDayKey(s[1]!) || !isDayKey(e[1]!)) return null;
  return { first: s[1]!, last: e[1]! };
}

/** The date part of an ISO time (docs/product.md §3: the part before 'T' is the date shown). */
export const datePart = (isoTime: string): DayKey => isoTime.slice(0, 10);

/** Days from start to end inclusive (docs/product.md §9's payment day count). */
export const inclusiveDayCount = (startTime: string, endTime: string) =>
  daysBetween(datePart(startTime), datePart(endTime)) + 1;

/** Every day a reservation holds, first to last inclusive. */
export function reservedDays(startTime: string, endTime: string): DayKey[] {
  const first = datePart(startTime);
  const count = inclusiveDayCount(startTime, endTime);
  return Array.from({ length: Math.max(0, count) }, (_, i) => addDays(first, i));
}

/** Today's day key in a time zone (the house's, for "no start in the past"). */
export function todayIn(timeZone: string, now: Date = new Date()): DayKey {
  return zoneFormat('dayKey', timeZone).format(now);
}

/** The Intl formats the dates here use; each needs a zone. */
const ZONE_FORMATS = {
  /** en-CA writes YYYY-MM-DD. */
  dayKey: ['en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }],
  wallClock: [
    'en-US',
    {
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    },
  ],
} as const satisfies Record<string, readonly [string, Intl.DateTimeFormatOptions]>;

// Building a formatter is slow (tens of milliseconds on a phone), so each is
// built once per zone. An unknown zone throws here and is not kept.
const zoneFormats = new Map<string, Intl.DateTimeFormat>();
function zoneFormat(kind: keyof typeof ZONE_FORMATS, timeZone: string): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone}`;
  let format = zoneFormats.get(key);
  if (!format) {
    const [locale, options] = ZONE_FORMATS[kind];
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    zoneFormats.set(key, format);
  }
  return format;
}

/**
 * How far a zone's clocks are ahead of UTC at an instant, in minutes (Auckland
 * in March: 780). The server sends it with the house's zone, so a browser can
 * count the house's today (`todayAtOffset`) without building an Intl formatter.
 */
export function utcOffsetMinutes(timeZone: string, now: Date = new Date()): number {
  const parts = Object.fromEntries(
    zoneFormat('wallClock', timeZone)
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return Math.round((wall - Math.floor(now.getTime() / 1000) * 1000) / 60_000);
}

/** Today's day key where clocks are `offsetMinutes` ahead of UTC. */
export const todayAtOffset = (offsetMinutes: number, now: Date = new Date()): DayKey =>
  dayKeyOf(new Date(now.getTime() + offsetMinutes * 60_000));

/** Today's day key on the machine's own clock. */
export const localToday = (now: Date = new Date()): DayKey =>
  makeDayKey(now.getFullYear(), now.getMonth() + 1, now.getDate()) ?? dayKeyOf(now);

/** The month a day is in: "2027-03-05" is { year: 2027, month: 3 }. */
export const monthOfDay = (key: DayKey): { year: number; month: number } => ({
  year: Number(key.slice(0, 4)),
  month: Number(key.slice(5, 7)),
});

export interface MonthDay {
  key: DayKey;
  day: number;
  inMonth: boolean;
}

/** The first and last day of a month (month 1-12). */
export function monthBounds(year: number, month: number): { first: DayKey; last: DayKey } {
  const first = makeDayKey(year, month, 1);
  if (!first) throw new RangeError(`no month ${year}-${month}`);
  const next = month === 12 ? makeDayKey(year + 1, 1, 1)! : makeDayKey(year, month + 1, 1)!;
  return { first, last: addDays(next, -1) };
}

/** Weeks of a month view, Sunday first, padded with the neighbouring months' days. */
export function monthGrid(year: number, month: number): MonthDay[][] {
  const { first, last } = monthBounds(year, month);
  const weekday = new Date(toUtc(first)).getUTCDay();
  const gridStart = addDays(first, -weekday);
  const weeks: MonthDay[][] = [];
  let key = gridStart;
  while (compareDayKeys(key, last) <= 0) {
    const week: MonthDay[] = [];
    for (let i = 0; i < 7; i++) {
      week.push({
        key,
        day: Number(key.slice(8, 10)),
        inMonth: key.slice(0, 7) === first.slice(0, 7),
      });
      key = addDays(key, 1);
    }
    weeks.push(week);
  }
  return weeks;
}

/** Month names, for texts like 'Could not load reservation data for March 2027.' */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

export const monthName = (month: number) => MONTH_NAMES[month - 1] ?? '';

export const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/**
 * "Wednesday, March 10, 2027" for a day key, as en-US writes it, whatever the
 * browser's zone. Built by hand: an Intl formatter costs more to create than
 * a whole calendar costs to draw.
 */
export function longDate(key: DayKey): string {
  const weekday = WEEKDAY_NAMES[new Date(toUtc(key)).getUTCDay()];
  return `${weekday}, ${monthName(Number(key.slice(5, 7)))} ${Number(key.slice(8, 10))}, ${key.slice(0, 4)}`;
}

/** The month after or before (month 1-12). */
export function shiftMonth(
  year: number,
  month: number,
  by: number,
): { year: number; month: number } {
  const index = year * 12 + (month - 1) + by;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}
