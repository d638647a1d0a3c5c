/**
 * CSV for spreadsheets (RFC 4180: comma-separated, CRLF lines, `"` quoting),
 * safe to open in any of them: text never becomes a live formula.
 *
 * - Text that starts like a formula (`=`, `+`, `-`, `@`, tab, carriage return)
 *   gets a leading `'`, and so does such a start right after a `;`, a `,` or
 *   a line break inside the text: a spreadsheet that splits cells on `;`
 *   (Excel in many locales) must not find a formula there either.
 * - Every field with a `"`, a separator (`,` `;` tab) or a line break, and
 *   every neutralised one, is quoted, so that it stays one cell.
 * - Numbers stay plain numbers: an amount of `-12.50` is not text from a user.
 */

export type CsvValue = string | number | null | undefined;

const NUMBER = /^-?\d+(?:\.\d+)?$/;
const TRIGGER = /^[=+\-@\t\r]/;
/**
 * A separator or line break inside a field, followed (after spaces or quotes)
 * by a formula's start: a reader that splits on another separator loses track
 * of the quotes, and a cell (or a line) may begin there.
 */
const TRIGGER_AFTER_SEPARATOR = /([;,\r\n][ "]*)(?=[=+\-@\t\r])/g;
const NEEDS_QUOTES = /[",;\t\r\n]/;

/** One field as written in a line. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || NUMBER.test(value)) return String(value);
  let text = value.replace(TRIGGER_AFTER_SEPARATOR, "$1'");
  const neutralised = TRIGGER.test(text);
  if (neutralised) text = `'${text}`;
  return neutralised || NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line, without its line break. */
export function csvLine(values: readonly CsvValue[]): string {
  return values.map(csvField).join(',');
}
