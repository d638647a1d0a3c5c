import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvField, csvLine, type CsvValue } from './csv.js';

const TRIGGERS = ['=', '+', '-', '@', '\t', '\r'];
const ATTACK = "x;=cmd|' /C calc'!A0";

/** The cells Python's csv module (python3: a system package the tests need) reads from `text`, split on `delimiter`. */
async function pythonCells(text: string, delimiter = ','): Promise<string[][]> {
  const script = [
    'import csv, io, json, sys',
    "rows = csv.reader(io.StringIO(sys.stdin.read(), newline=''), delimiter=sys.argv[1])",
    'print(json.dumps(list(rows)))',
  ].join('\n');
  const run = promisify(execFile)('python3', ['-c', script, delimiter]);
  run.child.stdin!.end(text);
  return JSON.parse((await run).stdout) as string[][];
}

const lines = (rows: CsvValue[][]) => rows.map((row) => `${csvLine(row)}\r\n`).join('');
/** A cell a spreadsheet would take for a formula, were it to drop leading tabs and line breaks. */
const live = (cell: string) => /^[\t\r\n]*[=+\-@]/.test(cell) && !/^-?\d+(\.\d+)?$/.test(cell);

describe('csvField', () => {
  it('neutralises and quotes text that starts like a formula', () => {
    for (const trigger of TRIGGERS)
      expect(csvField(`${trigger}1+1`), JSON.stringify(trigger)).toBe(`"'${trigger}1+1"`);
    expect(csvField('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
  });

  it('keeps a formula after a ; or , inside the text from becoming a cell of its own', () => {
    expect(csvField(ATTACK)).toBe(`"x;'=cmd|' /C calc'!A0"`);
    expect(csvField('a, =1')).toBe(`"a, '=1"`);
    expect(csvField('a;@b,+c')).toBe(`"a;'@b,'+c"`);
    for (const trigger of TRIGGERS)
      expect(csvField(`a;${trigger}b`), JSON.stringify(trigger)).toBe(`"a;'${trigger}b"`);
  });

  it('quotes every field with a separator, a quote or a line break', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('a;b')).toBe('"a;b"');
    expect(csvField('a\tb')).toBe('"a\tb"');
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('St. Mark’s')).toBe('St. Mark’s');
  });

  it('writes numbers, amounts among them, as plain numbers', () => {
    expect(csvField(-3)).toBe('-3');
    expect(csvField(42)).toBe('42');
    expect(csvField('-12.50')).toBe('-12.50');
    expect(csvField('150.00')).toBe('150.00');
    expect(csvField('-1+2')).toBe(`"'-1+2"`);
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
  });
});

describe('csvLine, read back by a real CSV reader (Python)', () => {
  it('gives each value back as its text, with the apostrophe where neutralised', async () => {
    const row: CsvValue[] = [1, ATTACK, ...TRIGGERS.map((t) => `${t}cmd`), '-12.50', null, 'a"b'];
    expect(await pythonCells(lines([row]))).toEqual([
      ['1', "x;'=cmd|' /C calc'!A0", ...TRIGGERS.map((t) => `'${t}cmd`), '-12.50', '', 'a"b'],
    ]);
  });

  it('leaves no live formula in any cell, split on commas or on semicolons', async () => {
    const unit = fc.constantFrom(';', ',', '"', "'", ' ', 'a', '1', '\n', ...TRIGGERS);
    const texts = fc.sample(fc.array(fc.string({ unit, maxLength: 12 }), { maxLength: 6 }), {
      numRuns: 300,
      seed: 5545,
    });
    // Like the ledger's: an id first, user text, an amount.
    const rows: CsvValue[][] = texts.map((cells, i) => [i + 1, ...cells, ATTACK, -7]);
    const csv = lines(rows);
    // Split on commas, every row comes back whole, each text with only apostrophes added.
    const read = await pythonCells(csv);
    expect(read).toHaveLength(rows.length);
    read.forEach((cells, i) => {
      expect(cells.map((c) => c.replaceAll("'", ''))).toEqual(
        rows[i]!.map((v) => String(v).replaceAll("'", '')),
      );
    });
    for (const delimiter of [',', ';'])
      for (const cell of (await pythonCells(csv, delimiter)).flat())
        expect(live(cell), `${delimiter} ${JSON.stringify(cell)}`).toBe(false);
  });
});
