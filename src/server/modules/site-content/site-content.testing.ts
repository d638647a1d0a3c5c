import { readFileSync } from 'node:fs';
import path from 'node:path';
import { contentDir } from '../../content.js';
import type { ContentName } from '../../../shared/site-content.js';

/** A kind's file in content/ as parsed JSON: what version 1 holds on a new database. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const fileOf = (name: ContentName): any =>
  JSON.parse(readFileSync(path.join(contentDir, `${name}.json`), 'utf8'));

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;

/** For each kind: an edit a house might make, and a body with at least two problems. */
export const EDITS: Record<
  ContentName,
  { edit: (b: Body) => Body; broken: (b: Body) => Body; paths: string[] }
> = {
  facility: {
    edit: (b) => ({ ...b, name: 'Maple Ridge House' }),
    broken: (b) => ({ ...b, name: ' ', map: { ...b.map, latitude: 200 } }),
    paths: ['body.name', 'body.map.latitude'],
  },
  pages: {
    edit: (b) => ({ ...b, home: { ...b.home, aboutBlurb: 'A quiet house by the river.' } }),
    broken: (b) => ({
      ...b,
      home: { ...b.home, aboutHeading: '' },
      about: { ...b.about, paragraphs: [] },
    }),
    paths: ['body.home.aboutHeading', 'body.about.paragraphs'],
  },
  gallery: {
    edit: (b) => ({
      ...b,
      albums: [{ ...b.albums[0], title: 'The house in spring' }, ...b.albums.slice(1)],
    }),
    broken: (b) => ({
      ...b,
      albums: [
        { ...b.albums[0], title: '', images: [{ ...b.albums[0].images[0], alt: '' }] },
        ...b.albums.slice(1),
      ],
    }),
    paths: ['body.albums.0.title', 'body.albums.0.images.0.alt'],
  },
  'floor-plans': {
    edit: (b) => ({
      ...b,
      levels: [{ ...b.levels[0], name: 'Street level' }, ...b.levels.slice(1)],
    }),
    broken: (b) => ({
      ...b,
      levels: [
        { ...b.levels[0], alt: '', areas: [{ ...b.levels[0].areas[0], coords: 'one,two' }] },
        ...b.levels.slice(1),
      ],
    }),
    paths: ['body.levels.0.alt', 'body.levels.0.areas.0.coords'],
  },
  'outdoor-map': {
    edit: (b) => ({ ...b, title: 'The grounds in summer' }),
    broken: (b) => ({ ...b, width: -1, features: [] }),
    paths: ['body.width', 'body.features'],
  },
  pricing: {
    edit: (b) => ({ ...b, group: { ...b.group, perPersonNightCents: 7200 } }),
    broken: (b) => ({ ...b, dailyRateCents: -5, group: { ...b.group, minimumGuests: 0 } }),
    paths: ['body.dailyRateCents', 'body.group.minimumGuests'],
  },
  arrival: {
    edit: (b) => ({ ...b, keys: 'Ring the bell at the chapel door; the warden lets you in.' }),
    broken: (b) => ({ ...b, arrivalTime: '', colour: 'blue' }),
    paths: ['body.arrivalTime', 'body'],
  },
  agreement: {
    edit: (b) => ({ ...b, version: '2027-01', title: 'Facility agreement 2027' }),
    broken: (b) => ({ ...b, version: '', paragraphs: [] }),
    paths: ['body.version', 'body.paragraphs'],
  },
  rooms: {
    edit: (b) => b.map((r: Body, i: number) => (i === 0 ? { ...r, beds: r.beds + 2 } : r)),
    broken: (b) => [{ ...b[0], beds: 0 }, { ...b[1], name: '' }, ...b.slice(2)],
    paths: ['body.0.beds', 'body.1.name'],
  },
};
