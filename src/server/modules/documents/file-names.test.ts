import { describe, expect, it } from 'vitest';
import { contentDisposition, safeFileName } from './file-names.js';

/** RFC 8187 ext-value: UTF-8'' then only attr-chars and %XX escapes. */
const EXT_VALUE = /^UTF-8''((?:%[0-9A-Fa-f]{2}|[A-Za-z0-9!#$&+\-.^_`|~])*)$/;

describe('safeFileName', () => {
  it.each([
    [undefined, 'document.pdf'],
    ['', 'document.pdf'],
    ['   ', 'document.pdf'],
    ['...', 'document.pdf'],
    ['report.pdf', 'report.pdf'],
    ['REPORT.PDF', 'REPORT.PDF'],
    ['report', 'report.pdf'],
    ['report.exe', 'report.exe.pdf'],
    ['../../etc/passwd.pdf', 'passwd.pdf'],
    ['..\\..\\Windows\\system.ini.pdf', 'system.ini.pdf'],
    ['dir/', 'document.pdf'],
    ['.htaccess.pdf', 'htaccess.pdf'],
    ['a"b<c>d|e*f?g:h.pdf', 'a_b_c_d_e_f_g_h.pdf'],
    ['line\r\nbreak.pdf', 'line__break.pdf'],
    ['nul\u0000tab\tdel\u007f.pdf', 'nul_tab_del_.pdf'],
    ['c1\u0085\u009b.pdf', 'c1__.pdf'],
    ['rlo\u202Efdp.exe', 'rlo_fdp.exe.pdf'],
    ['Cafe\u0301.pdf', 'Café.pdf'],
    ['Событие 🎉.pdf', 'Событие 🎉.pdf'],
  ])('%j → %j', (input, expected) => {
    expect(safeFileName(input)).toBe(expected);
  });

  it('keeps names at most 180 characters long, ending in .pdf', () => {
    const name = safeFileName(`${'x'.repeat(500)}.pdf`);
    expect(name.length).toBeLessThanOrEqual(180);
    expect(name).toMatch(/^x+\.pdf$/);
  });

  it('never returns a name with a path separator or a control character', () => {
    const nasty = ['/', '\\', '\u0000', '\n', '\u0085', '..', '"', '\u202E', 'a', 'é', '🎉', ' '];
    for (let i = 0; i < 500; i++) {
      let s = '';
      for (let j = 0; j < 1 + (i % 12); j++) s += nasty[(i * 7 + j * 13) % nasty.length];
      const name = safeFileName(s);
      expect(name, JSON.stringify(s)).not.toMatch(/[/\\"\p{Cc}\p{Bidi_Control}]/u);
      expect(name, JSON.stringify(s)).toMatch(/^[^.].*\.pdf$/);
    }
  });
});

describe('contentDisposition', () => {
  it.each([
    ['minutes.pdf', 'minutes.pdf'],
    ["John's report (final).pdf", "John's report (final).pdf"],
    ['Отчёт 🎉.pdf', '_____ __.pdf'],
    ['100% sure; really.pdf', '100% sure; really.pdf'],
  ])('%j has a quoted ASCII fallback and an exact RFC 8187 name', (name, ascii) => {
    for (const kind of ['attachment', 'inline'] as const) {
      const header = contentDisposition(kind, name);
      expect(header).toMatch(/^[\x20-\x7e]+$/);
      const m = /^(inline|attachment); filename="([^"\\]*)"; filename\*=(.*)$/.exec(header);
      expect(m, header).not.toBeNull();
      expect(m![1]).toBe(kind);
      expect(m![2]).toBe(ascii);
      const ext = EXT_VALUE.exec(m![3]!);
      expect(ext, header).not.toBeNull();
      expect(decodeURIComponent(ext![1]!)).toBe(name);
    }
  });

  it('never lets a quote or backslash close the quoted fallback', () => {
    const header = contentDisposition('attachment', 'a"b\\c.pdf');
    expect(header.startsWith('attachment; filename="a_b_c.pdf"; ')).toBe(true);
  });
});
