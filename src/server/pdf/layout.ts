import type { Color, PDFPage } from 'pdf-lib';
import { embedFontStack, type FontStack, type TextMeasure } from './font-stack.js';
import { fontkitForPdfLib } from './fonts.js';

/** A4 in PDF points. */
const PAGE_SIZE: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const VALUE_X = 200;
const TOP = 780;
/** Nothing is drawn below this line; the next step starts a new page. */
const BOTTOM = 56;

/**
 * `text` broken into lines no wider than `width`, at spaces where it can and
 * inside a word longer than a line; at most `maxLines`, the last one ending in
 * an ellipsis when something was left out.
 */
export function wrapText(
  font: TextMeasure,
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

/** Where a block draws: the page, the height on it, the fonts and colours. */
export interface DrawContext {
  readonly page: PDFPage;
  /** The baseline of the next line; the block lowers it as it draws. */
  y: number;
  readonly regular: FontStack;
  readonly bold: FontStack;
  /** The left margin and the width between the margins. */
  readonly left: number;
  readonly width: number;
  readonly colors: { text: Color; rule: Color; shade: Color };
  /** Starts a new page unless `points` fit above the bottom margin; true when it did. */
  room(points: number): boolean;
}

/** Something drawn by its own code (a table): the texts it shows, for the fonts, and how. */
export interface Block {
  texts: { regular: readonly string[]; bold: readonly string[] };
  draw(ctx: DrawContext): void;
}

export interface PaperDocument {
  /** A line of text in the left column (the house's name, the title, a closing note). */
  line(text: string, opts?: { bold?: boolean; size?: number; gap?: number }): void;
  /** "Label:" in bold and its value beside it, wrapped over at most `maxLines` lines. */
  row(label: string, value: string, opts?: { maxLines?: number }): void;
  /** A paragraph over the page's width, wrapped over as many lines as it needs. */
  paragraph(text: string, opts?: { size?: number; bold?: boolean }): void;
  /** Vertical space, in points. */
  space(points: number): void;
  /** Something that draws itself over the page's width, such as a table (table.ts). */
  block(block: Block): void;
  save(): Promise<Buffer>;
}

type Step =
  | { kind: 'line'; text: string; bold: boolean; size: number; gap: number }
  | { kind: 'row'; label: string; value: string; maxLines: number }
  | { kind: 'paragraph'; text: string; bold: boolean; size: number }
  | { kind: 'space'; points: number }
  | { kind: 'block'; block: Block };

/**
 * An A4 PDF drawn top to bottom in Noto Sans, and Noto Sans KR where a text
 * needs it, so that names print as written and a PDF reader (and pdftotext)
 * extracts real text: the group's papers on one page, the house's sheets on as
 * many as they need. The steps are drawn by `save()`, once every text is known
 * and so the fonts it needs.
 */
export async function createPaperDocument(meta: {
  title: string;
  author: string;
  createdAt: Date;
}): Promise<PaperDocument> {
  const steps: Step[] = [];
  return {
    line(text, opts = {}) {
      const [bold, size, gap] = [opts.bold ?? false, opts.size ?? 12, opts.gap ?? 20];
      steps.push({ kind: 'line', text: text.normalize('NFC'), bold, size, gap });
    },
    row(label, value, opts = {}) {
      const maxLines = opts.maxLines ?? 2;
      steps.push({
        kind: 'row',
        label: `${label}:`.normalize('NFC'),
        value: value.normalize('NFC'),
        maxLines,
      });
    },
    paragraph(text, opts = {}) {
      const [bold, size] = [opts.bold ?? false, opts.size ?? 11];
      steps.push({ kind: 'paragraph', text: text.normalize('NFC'), bold, size });
    },
    space(points) {
      steps.push({ kind: 'space', points });
    },
    block(block) {
      steps.push({ kind: 'block', block });
    },
    save: () => drawSteps(meta, steps),
  };
}

async function drawSteps(
  meta: { title: string; author: string; createdAt: Date },
  steps: readonly Step[],
): Promise<Buffer> {
  // pdf-lib is loaded with the first paper, not at start: it is large (docs/operations.md, "Speed").
  const { PDFDocument, rgb } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkitForPdfLib);
  pdf.setTitle(meta.title);
  pdf.setAuthor(meta.author);
  pdf.setCreationDate(meta.createdAt);
  let page = pdf.addPage(PAGE_SIZE);
  const regularTexts: string[] = [];
  const boldTexts: string[] = [];
  for (const step of steps) {
    if (step.kind === 'line' || step.kind === 'paragraph')
      (step.bold ? boldTexts : regularTexts).push(step.text);
    if (step.kind === 'row') {
      boldTexts.push(step.label);
      regularTexts.push(step.value);
    }
    if (step.kind === 'block') {
      regularTexts.push(...step.block.texts.regular);
      boldTexts.push(...step.block.texts.bold);
    }
  }
  const [regular, bold] = await Promise.all([
    embedFontStack(pdf, regularTexts, 'regular'),
    embedFontStack(pdf, boldTexts, 'bold'),
  ]);
  const textColor = rgb(0.1, 0.1, 0.1);
  let y = TOP;
  // A paper longer than a page goes on over as many as it needs.
  const room = (points: number) => {
    if (y - points >= BOTTOM) return false;
    page = pdf.addPage(PAGE_SIZE);
    y = TOP;
    return true;
  };
  const ctx: DrawContext = {
    get page() {
      return page;
    },
    get y() {
      return y;
    },
    set y(value) {
      y = value;
    },
    regular,
    bold,
    left: MARGIN,
    width: PAGE_SIZE[0] - 2 * MARGIN,
    colors: { text: textColor, rule: rgb(0.55, 0.55, 0.55), shade: rgb(0.94, 0.94, 0.94) },
    room,
  };
  for (const step of steps) {
    if (step.kind === 'paragraph') {
      const font = step.bold ? bold : regular;
      const width = PAGE_SIZE[0] - 2 * MARGIN;
      for (const text of wrapText(font, step.size, font.printable(step.text), width, 1000)) {
        room(step.size);
        font.draw(page, text, { x: MARGIN, y, size: step.size, color: textColor });
        y -= step.size + 4;
      }
      y -= 8;
    } else if (step.kind === 'line') {
      room(step.size);
      const font = step.bold ? bold : regular;
      const width = PAGE_SIZE[0] - 2 * MARGIN;
      const [first] = wrapText(font, step.size, font.printable(step.text), width, 1);
      font.draw(page, first!, { x: MARGIN, y, size: step.size, color: textColor });
      y -= step.gap;
    } else if (step.kind === 'row') {
      const width = PAGE_SIZE[0] - MARGIN - VALUE_X;
      const lines = wrapText(regular, 12, regular.printable(step.value), width, step.maxLines);
      room(12 + 15 * (lines.length - 1));
      bold.draw(page, bold.printable(step.label), { x: MARGIN, y, size: 12 });
      lines.forEach((text, i) => {
        if (i > 0) y -= 15;
        regular.draw(page, text, { x: VALUE_X, y, size: 12 });
      });
      y -= 22;
    } else if (step.kind === 'block') {
      step.block.draw(ctx);
    } else {
      y -= step.points;
    }
  }
  return Buffer.from(await pdf.save());
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
): Promise<PaperDocument> {
  const doc = await createPaperDocument({
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
