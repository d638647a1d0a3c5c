import { describe, expect, it } from 'vitest';
import arrival from '../../../../../content/arrival.json';
import gallery from '../../../../../content/gallery.json';
import pages from '../../../../../content/pages.json';
import { checkDraft } from './check.js';

describe('the check before publishing', () => {
  it('passes the files of content/', () => {
    expect(checkDraft('arrival', arrival, {})).toEqual([]);
    expect(checkDraft('pages', pages, { gallery })).toEqual([]);
  });

  it("puts zod's general problems in plain words and keeps a schema's own", () => {
    expect(
      checkDraft('arrival', { ...arrival, keys: undefined, arrivalTime: '', notes: '  ' }, {}),
    ).toEqual([
      { path: ['arrivalTime'], message: 'must not be empty' },
      { path: ['keys'], message: 'Fill this in.' },
      { path: ['notes'], message: 'must not be empty' },
    ]);
    expect(
      checkDraft('agreement', { version: 'x'.repeat(41), title: 'T', paragraphs: [] }, {}),
    ).toEqual([
      { path: ['version'], message: 'Use at most 40 characters.' },
      { path: ['paragraphs'], message: 'Give at least 1.' },
    ]);
    expect(checkDraft('rooms', [{ id: 'a', name: 'A', beds: 0 }], {})).toEqual([
      { path: [0, 'beds'], message: 'Give 1 or more.' },
    ]);
  });

  it('checks across kinds once the schema passes: a highlight must be a gallery picture', () => {
    const draft = { ...pages, home: { ...pages.home, highlights: ['barn', 'pond-dock', 'attic'] } };
    expect(checkDraft('pages', draft, { gallery })).toEqual([
      { path: ['home', 'highlights', 2], message: '"attic" is not the id of a gallery picture' },
    ]);
  });
});
