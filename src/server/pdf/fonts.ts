import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { Font } from 'fontkit';
import type { PDFDocument } from 'pdf-lib';

export type Weight = 'regular' | 'bold';

/**
 * The families a character is looked for in, in this order: Noto Sans (Latin,
 * Cyrillic, Greek), then Noto Sans KR (Hangul, Han, kana), which is large and
 * read only when a text needs it (docs/decisions/unicode-fonts-in-pdfs.md).
 */
const FAMILIES = [
  {
    name: 'sans',
    pkg: '@embedpdf/fonts-latin',
    files: { regular: 'fonts/NotoSans-Regular.ttf', bold: 'fonts/NotoSans-Bold.ttf' },
  },
  {
    name: 'cjk',
    pkg: '@embedpdf/fonts-kr',
    files: { regular: 'fonts/NotoSansKR-Regular.otf', bold: 'fonts/NotoSansKR-Bold.otf' },
  },
] as const;
type Family = (typeof FAMILIES)[number];

export interface Face {
  /** The font file as read, what pdf-lib is given to embed. */
  bytes: Uint8Array;
  covers(codePoint: number): boolean;
}

const loaded = new Map<string, Promise<Face>>();
const parsed = new WeakMap<Uint8Array, Font>();

/**
 * The font packages export no file paths, so a file is found from the root of
 * the installed package; node_modules is beside the sources and beside the
 * bundled server alike (docs/decisions/server-bundled-with-esbuild.md).
 */
function fontFile(pkg: string, file: string): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve(pkg));
  while (!existsSync(path.join(dir, 'package.json'))) {
    if (path.dirname(dir) === dir) throw new Error(`no package root for ${pkg}`);
    dir = path.dirname(dir);
  }
  return path.join(dir, file);
}

async function load(family: Family, weight: Weight): Promise<Face> {
  const { create } = await import('fontkit');
  const bytes = await readFile(fontFile(family.pkg, family.files[weight]));
  const font = create(bytes);
  // pdf-lib reads a subset as a stream; fontkit 2 encodes it at once.
  const createSubset = font.createSubset.bind(font);
  font.createSubset = () => {
    const subset = createSubset();
    return Object.assign(subset, { encodeStream: () => new PassThrough().end(subset.encode()) });
  };
  // A glyph first read as part of another (E inside É, when a subset is written)
  // is cached without its character; a later paper asking for the character
  // would get it so, and its text would not read back. Give it the character.
  const getGlyph = font.getGlyph.bind(font);
  font.getGlyph = (id: number, codePoints: number[] = []) => {
    const glyph = getGlyph(id, codePoints);
    if (glyph && glyph.codePoints.length === 0 && codePoints.length > 0)
      glyph.codePoints = codePoints;
    return glyph;
  };
  parsed.set(bytes, font);
  return { bytes, covers: (codePoint) => font.hasGlyphForCodePoint(codePoint) };
}

/** A family's face, read and parsed once per process, when first asked for. */
function face(family: Family, weight: Weight): Promise<Face> {
  const key = `${family.name}-${weight}`;
  let pending = loaded.get(key);
  if (!pending) {
    pending = load(family, weight);
    loaded.set(key, pending);
    // A failed read is tried again by the next document.
    pending.catch(() => loaded.delete(key));
  }
  return pending;
}

/** The faces read so far in this process ("sans-regular", "cjk-bold", …). */
export function facesInMemory(): string[] {
  return [...loaded.keys()];
}

/**
 * The faces that draw `texts`, in order of preference: Noto Sans always, a
 * later family only when it has a character the ones before it lack.
 */
export async function facesFor(texts: Iterable<string>, weight: Weight): Promise<Face[]> {
  const faces = [await face(FAMILIES[0], weight)];
  let missing = new Set<number>();
  for (const text of texts) {
    for (const ch of text) {
      const codePoint = ch.codePointAt(0)!;
      if (!faces[0]!.covers(codePoint)) missing.add(codePoint);
    }
  }
  for (const family of FAMILIES.slice(1)) {
    if (missing.size === 0) break;
    const next = await face(family, weight);
    const still = new Set([...missing].filter((codePoint) => !next.covers(codePoint)));
    if (still.size < missing.size) faces.push(next);
    missing = still;
  }
  return faces;
}

/**
 * The font engine pdf-lib embeds with: upstream fontkit, whose subsets keep
 * every glyph (docs/decisions/unicode-fonts-in-pdfs.md), handing back the font
 * parsed when its file was read rather than parsing it for each document.
 */
export const fontkitForPdfLib = {
  create(bytes: Uint8Array): Font {
    const font = parsed.get(bytes);
    if (!font) throw new Error('PDF fonts are read through facesFor()');
    return font;
  },
} as unknown as Parameters<PDFDocument['registerFontkit']>[0];
