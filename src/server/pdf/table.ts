import type { FontStack } from './font-stack.js';
import { wrapText, type Block } from './layout.js';

export interface TableColumn {
  header: string;
  /** In points; the columns without one share what is left of the page's width. */
  width?: number;
  /** Numbers are set right, under the right end of their header. */
  align?: 'left' | 'right';
}

/** A cell's text, or a list of items kept whole on a line where they fit and joined by commas. */
export type TableCell = string | readonly string[];

const SIZE = 10;
const LINE = SIZE + 4;
/** Space between one column's text and the next column. */
const GAP = 12;
/** A row of up to this many lines starts on the next page rather than break over two. */
const KEEP_TOGETHER = 12;
/** No cell is cut short: a row taller than a page goes on over the next. */
const MAX_CELL_LINES = 10_000;

/** A cell's lines: a list's items go on a line together while they fit. */
function cellLines(font: FontStack, cell: TableCell, width: number): string[] {
  const wrap = (text: string) => wrapText(font, SIZE, font.printable(text), width, MAX_CELL_LINES);
  if (typeof cell === 'string') return wrap(cell);
  const lines: string[] = [];
  for (const item of cell) {
    const last = lines.at(-1);
    if (last !== undefined) {
      const joined = `${last}, ${font.printable(item)}`;
      if (font.widthOfTextAtSize(joined, SIZE) <= width) {
        lines[lines.length - 1] = joined;
        continue;
      }
      lines[lines.length - 1] = `${last},`;
    }
    lines.push(...wrap(item));
  }
  return lines.length > 0 ? lines : [''];
}

/** Each column's left edge and the width its text may take. */
function columnBoxes(columns: readonly TableColumn[], total: number) {
  const fixed = columns.reduce((sum, c) => sum + (c.width ?? 0), 0);
  const flexible = columns.filter((c) => c.width === undefined).length;
  const share = flexible > 0 ? Math.max(0, total - fixed) / flexible : 0;
  let x = 0;
  return columns.map((c, i) => {
    const width = c.width ?? share;
    const box = { x, text: i < columns.length - 1 ? width - GAP : width };
    x += width;
    return box;
  });
}

/**
 * A table over the page's width, one row after another; a page that the table
 * goes on to starts with its header again, so every page of a long sheet reads
 * on its own. A short row is kept on one page; a taller one goes on over the next.
 */
export function table(columns: readonly TableColumn[], rows: readonly TableCell[][]): Block {
  const headers = columns.map((c) => c.header.normalize('NFC'));
  const cells = rows.map((row) => row.map((cell) => (typeof cell === 'string' ? [cell] : cell)));
  return {
    texts: {
      bold: headers,
      regular: cells.flat(2).map((text) => text.normalize('NFC')),
    },
    draw(ctx) {
      const boxes = columnBoxes(columns, ctx.width);
      const put = (font: FontStack, column: number, text: string) => {
        const box = boxes[column]!;
        const shift =
          columns[column]!.align === 'right' ? box.text - font.widthOfTextAtSize(text, SIZE) : 0;
        font.draw(ctx.page, text, {
          x: ctx.left + box.x + Math.max(0, shift),
          y: ctx.y,
          size: SIZE,
          color: ctx.colors.text,
        });
      };
      const header = () => {
        headers.forEach((text, i) => {
          const [first] = wrapText(ctx.bold, SIZE, ctx.bold.printable(text), boxes[i]!.text, 1);
          put(ctx.bold, i, first!);
        });
        const y = ctx.y - 5;
        ctx.page.drawLine({
          start: { x: ctx.left, y },
          end: { x: ctx.left + ctx.width, y },
          thickness: 0.75,
          color: ctx.colors.rule,
        });
        ctx.y -= LINE + 4;
      };
      ctx.room(LINE * 2 + 4);
      header();
      rows.forEach((row, r) => {
        const lines = row.map((cell, i) => cellLines(ctx.regular, cell, boxes[i]!.text));
        const height = Math.max(1, ...lines.map((l) => l.length));
        if (ctx.room(Math.min(height, KEEP_TOGETHER) * LINE)) header();
        for (let line = 0; line < height; line++) {
          if (line > 0 && ctx.room(LINE)) header();
          // Every other row shaded, so that the eye keeps to a row across the page.
          if (r % 2 === 1)
            ctx.page.drawRectangle({
              x: ctx.left - 3,
              y: ctx.y - 4,
              width: ctx.width + 6,
              height: LINE,
              color: ctx.colors.shade,
            });
          lines.forEach((cell, i) => {
            const text = cell[line];
            if (text) put(ctx.regular, i, text);
          });
          ctx.y -= LINE;
        }
      });
      ctx.y -= 10;
    },
  };
}
