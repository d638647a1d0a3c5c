/**
 * Dates and times for people, en-US like the rest of the site. The formats
 * are built when first used: building one costs a phone tens of milliseconds,
 * which no first page should pay before it needs a date.
 */
let dateFormat: Intl.DateTimeFormat | undefined;

/** An instant as a local date, e.g. "Mar 5, 2027"; a text that is not a time comes back as it is. */
export function formatDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  dateFormat ??= new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  });
  return dateFormat.format(d);
}

/** Date and time, in the house's time zone when it is known (and valid), else the browser's. */
export function formatDateTime(iso: string, timeZone: string | undefined): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
  try {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone: timeZone || undefined }).format(
      date,
    );
  } catch {
    return new Intl.DateTimeFormat('en-US', options).format(date);
  }
}
