import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadArrivalContent } from './arrival-content.js';
import { contentDir } from './content.js';

const copies: string[] = [];
afterEach(() => {
  for (const dir of copies.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A folder holding content/arrival.json changed by `change`, or the given text. */
function arrivalWith(change: ((json: Record<string, unknown>) => void) | string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'arrival-'));
  copies.push(dir);
  if (typeof change === 'string') {
    writeFileSync(path.join(dir, 'arrival.json'), change);
    return dir;
  }
  cpSync(path.join(contentDir, 'arrival.json'), path.join(dir, 'arrival.json'));
  const json = JSON.parse(readFileSync(path.join(dir, 'arrival.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  change(json);
  writeFileSync(path.join(dir, 'arrival.json'), JSON.stringify(json));
  return dir;
}

describe('content/arrival.json', () => {
  it('is valid: arrival and departure times, keys and a list of what to bring', () => {
    const arrival = loadArrivalContent();
    expect(arrival.arrivalTime).toMatch(/\S/);
    expect(arrival.departureTime).toMatch(/\S/);
    expect(arrival.keys).toMatch(/\S/);
    expect(arrival.whatToBring.length).toBeGreaterThan(0);
  });

  it('needs only the times and the keys; the rest is optional', () => {
    const dir = arrivalWith(
      JSON.stringify({ arrivalTime: 'from 4 pm', departureTime: 'by noon', keys: 'In the box.' }),
    );
    expect(loadArrivalContent(dir)).toEqual({
      arrivalTime: 'from 4 pm',
      departureTime: 'by noon',
      keys: 'In the box.',
      whatToBring: [],
    });
  });

  it('names every problem: a missing field, an empty text, a wrong type, an unknown field', () => {
    const dir = arrivalWith((json) => {
      delete json.keys;
      json.arrivalTime = '  ';
      json.whatToBring = ['Towels', ''];
      json.notes = 42;
      json.parkng = 'typo';
    });
    let message = '';
    try {
      loadArrivalContent(dir);
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toContain(`${path.join(dir, 'arrival.json')} is not valid:`);
    expect(message).toMatch(/- keys: /);
    expect(message).toContain('- arrivalTime: must not be empty');
    expect(message).toContain('- whatToBring.1: must not be empty');
    expect(message).toMatch(/- notes: /);
    expect(message).toMatch(/parkng/);
  });

  it('says so when the file is missing or is not JSON', () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), 'arrival-'));
    copies.push(empty);
    expect(() => loadArrivalContent(empty)).toThrow(/arrival\.json cannot be read: ENOENT/);
    expect(() => loadArrivalContent(arrivalWith('{ "arrivalTime": '))).toThrow(
      /arrival\.json cannot be read: .*JSON/,
    );
  });
});
