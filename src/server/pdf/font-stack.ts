import type { Color, PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import { facesFor, type Weight } from './fonts.js';

/** What measures text: a font stack, or one pdf-lib font. */
export interface TextMeasure {
  widthOfTextAtSize(text: string, size: number): number;
}

interface StackFace {
  covers(codePoint: number): boolean;
  font: PDFFont;
}

/** Control characters (line breaks aside) and bidirectional overrides, never drawn. */
const UNDRAWN = /(?![\t\n\r])[\p{Cc}\p{Bidi_Control}]/u;
/** Spaces and combining marks stay in the font of the text before them. */
const FOLLOWS = /[\s\p{M}]/u;

/**
 * Fonts in order of preference, each character drawn with the first that has
 * it, so that a line may mix Noto Sans with Noto Sans KR.
 */
export class FontStack implements TextMeasure {
  constructor(private readonly faces: readonly StackFace[]) {}

  /** `text` with '?' for what no font of the stack draws: an emoji, a control character. */
  printable(text: string): string {
    let out = '';
    for (const ch of text.normalize('NFC')) {
      const drawn = !UNDRAWN.test(ch) && this.faces.some((f) => f.covers(ch.codePointAt(0)!));
      out += drawn ? ch : '?';
    }
    return out;
  }

  /** `text` cut where its font changes. */
  runs(text: string): { text: string; font: PDFFont }[] {
    const runs: { face: number; text: string }[] = [];
    for (const ch of text) {
      const codePoint = ch.codePointAt(0)!;
      const last = runs.at(-1);
      const face =
        last && FOLLOWS.test(ch) && this.faces[last.face]!.covers(codePoint)
          ? last.face
          : Math.max(
              0,
              this.faces.findIndex((f) => f.covers(codePoint)),
            );
      if (last?.face === face) last.text += ch;
      else runs.push({ face, text: ch });
    }
    return runs.map((r) => ({ text: r.text, font: this.faces[r.face]!.font }));
  }

  widthOfTextAtSize(text: string, size: number): number {
    return this.runs(text).reduce((sum, r) => sum + r.font.widthOfTextAtSize(r.text, size), 0);
  }

  /** Draws `text` on one line from (x, y), run after run. */
  draw(page: PDFPage, text: string, at: { x: number; y: number; size: number; color?: Color }) {
    let x = at.x;
    for (const run of this.runs(text)) {
      page.drawText(run.text, { ...at, x, font: run.font });
      x += run.font.widthOfTextAtSize(run.text, at.size);
    }
  }
}

/**
 * The stack that draws `texts` in `pdf`: each face they need embedded as a
 * subset, so a document carries only the glyphs it shows. `pdf` has fontkit
 * registered (`fontkitForPdfLib`).
 */
export async function embedFontStack(
  pdf: PDFDocument,
  texts: Iterable<string>,
  weight: Weight,
): Promise<FontStack> {
  const faces = await facesFor(texts, weight);
  const embedded = await Promise.all(
    faces.map(async (f) => ({
      covers: f.covers,
      font: await pdf.embedFont(f.bytes, { subset: true }),
    })),
  );
  return new FontStack(embedded);
}
