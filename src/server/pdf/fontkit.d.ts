// The part of fontkit 2 the PDFs use: the package ships no types of its own.
declare module 'fontkit' {
  export interface Subset {
    encode(): Uint8Array;
  }
  export interface Font {
    hasGlyphForCodePoint(codePoint: number): boolean;
    createSubset(): Subset;
    getGlyph(id: number, codePoints?: number[]): Glyph | null;
  }
  export interface Glyph {
    codePoints: number[];
  }
  export function create(buffer: Uint8Array): Font;
}
