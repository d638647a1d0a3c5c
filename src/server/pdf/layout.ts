import type { PDFFont, PDFPage } from 'pdf-lib';

/** A4 in PDF points. */
const PAGE_SIZE: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const VALUE_X = 200;
const TOP = 780;

/** The standard fonts speak WinAnsi only; anything else is shown as '?' rather than failing. */
export function printable(font: PDFFont, text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    try {
      font.encodeText(ch);
      out += ch;
    } catch {
      out += '?';
    }
  }
  return out;
}

/**
 * `text` broken into lines no wider than `width`, at spaces where it can and
 * inside a word longer than a line; at most `maxLines`, the last one ending in
 * an ellipsis when something was left out.
 */
export function wrapText(
  font: PDFFont,
  size: number,
  text: string,
  width: number,
  maxLines: number,
): string[] {
  const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width;
  const lines: string[] = [];
  let current = '';
  let truncated = false;
  const push = () => {
    lines.push(current);
    current = '';
    return lines.length >= maxLines;
  };
  outer: for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word;
    if (fits(candidate)) {
      current = candidate;
      continue;
    }
    if (current && push()) {
      truncated = true;
      break;
    }
    for (const ch of word) {
      if (current && !fits(current + ch) && push()) {
        truncated = true;
        break outer;
      }
      current += ch;
    }
  }
  if (!truncated && current) lines.push(current);
  if (truncated && lines.length > 0) {
    let last = lines[lines.length - 1]!;
    while (last && !fits(`${last}…`)) last = [...last].slice(0, -1).join('');
    lines[lines.length - 1] = `${last.trimEnd()}…`;
  }
  return lines.length > 0 ? lines : [''];
}

export interface OnePageDocument {
  /** A line of text in the left column (the house's name, the title, a closing note). */
  line(text: string, opts?: { bold?: boolean; size?: number; gap?: number }): void;
  /** "Label:" in bold and its value beside it, wrapped over at most `maxLines` lines. */
  row(label: string, value: string, opts?: { maxLines?: number }): void;
  /** Vertical space, in points. */
  space(points: number): void;
  save(): Promise<Buffer>;
}

/**
 * A one-page A4 PDF drawn top to bottom with the standard Helvetica fonts, so a
 * PDF reader (and pdftotext) extracts real text: the receipt and the credit note.
 */
export async function createOnePageDocument(meta: {
  title: string;
  author: string;
  createdAt: Date;
}): Promise<OnePageDocument> {
  // pdf-lib is loaded with the first paper, not at start: it is large (docs/operations.md, "Speed").
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const textColor = rgb(0.1, 0.1, 0.1);
  const pdf = await PDFDocument.create();
  pdf.setTitle(meta.title);
  pdf.setAuthor(meta.author);
  pdf.setCreationDate(meta.createdAt);
  const page: PDFPage = pdf.addPage(PAGE_SIZE);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let y = TOP;

  return {
    line(text, opts = {}) {
      const font = opts.bold ? bold : regular;
      const size = opts.size ?? 12;
      const [first] = wrapText(font, size, printable(font, text), PAGE_SIZE[0] - 2 * MARGIN, 1);
      page.drawText(first!, { x: MARGIN, y, size, font, color: textColor });
      y -= opts.gap ?? 20;
    },
    row(label, value, opts = {}) {
      page.drawText(printable(bold, `${label}:`), { x: MARGIN, y, size: 12, font: bold });
      const lines = wrapText(
        regular,
        12,
        printable(regular, value),
        PAGE_SIZE[0] - MARGIN - VALUE_X,
        opts.maxLines ?? 2,
      );
      lines.forEach((text, i) => {
        if (i > 0) y -= 15;
        page.drawText(text, { x: VALUE_X, y, size: 12, font: regular });
      });
      y -= 22;
    },
    space(points) {
      y -= points;
    },
    async save() {
      return Buffer.from(await pdf.save());
    },
  };
}

/** What heads every paper of a reservation: the house, the church, the reservation and its days. */
export interface ReservationPaperHead {
  facilityName: string;
  accountName: string;
  reservationId: number;
  eventName: string;
  firstDay: string;
  lastDay: string;
}

/**
 * A receipt's or a credit note's page, drawn as far as their common head: the
 * house's name, the paper's name (`heading`), and the reservation's rows.
 */
export async function startReservationPaper(
  head: ReservationPaperHead,
  paper: { title: string; heading: string; createdAt: Date },
): Promise<OnePageDocument> {
  const doc = await createOnePageDocument({
    title: `${paper.title} for reservation ${head.reservationId}`,
    author: head.facilityName,
    createdAt: paper.createdAt,
  });
  doc.line(head.facilityName, { bold: true, size: 20, gap: 30 });
  doc.line(paper.heading, { bold: true, size: 16, gap: 32 });
  doc.row('Account', head.accountName);
  doc.row('Reservation ID', String(head.reservationId));
  doc.row('Event', head.eventName);
  doc.row('Dates', `${head.firstDay} to ${head.lastDay}`);
  return doc;
}
