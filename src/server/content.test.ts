import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { contentDir, loadFacilityContent, loadSiteContent } from './content.js';

const copies: string[] = [];
afterEach(() => {
  for (const dir of copies.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A copy of content/ with one JSON file changed. */
function contentWith(file: string, change: (json: Record<string, unknown>) => void): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'content-'));
  copies.push(dir);
  cpSync(contentDir, dir, { recursive: true });
  const json = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Record<string, unknown>;
  change(json);
  writeFileSync(path.join(dir, file), JSON.stringify(json));
  return dir;
}

describe('content/', () => {
  it('is valid: the facility, pages, two gallery albums, three levels and the outdoor map', () => {
    const content = loadSiteContent();
    expect(content.facility.name.length).toBeGreaterThan(0);
    expect(content.gallery.albums.map((a) => a.images.length)).toEqual([3, 3]);
    expect(content.floorPlans.levels.map((l) => l.name)).toEqual([
      'Second Floor',
      'First Floor',
      'Basement',
    ]);
    expect(content.floorPlans.defaultLevel).toBe('basement');
    expect(content.outdoorMap.features.map((f) => f.id).sort()).toEqual([
      'barn',
      'creek',
      'dock',
      'grove',
      'house',
      'parking',
      'pond',
      'property-line',
    ]);
    expect(loadFacilityContent()).toEqual(content.facility);
  });

  it('rejects a rect area without four coordinates', () => {
    const dir = contentWith('floor-plans.json', (json) => {
      const levels = json.levels as { areas: { shape: string; coords: string }[] }[];
      levels[0]!.areas[0]!.shape = 'rect';
      levels[0]!.areas[0]!.coords = '1,2,3';
    });
    expect(() => loadSiteContent(dir)).toThrow(
      /levels\.0\.areas\.0\.coords: a rect has four numbers/,
    );
  });

  it('rejects a missing image and a highlight that is not in the gallery', () => {
    const dir = contentWith('pages.json', (json) => {
      (json.home as { highlights: string[] }).highlights[0] = 'no-such-picture';
    });
    rmSync(path.join(dir, 'images/gallery/barn.svg'));
    expect(() => loadSiteContent(dir)).toThrow(
      /"no-such-picture" is not the id of a gallery image/,
    );
    expect(() => loadSiteContent(dir)).toThrow(/the image images\/gallery\/barn\.svg is not in/);
  });

  it('rejects a default level that does not exist', () => {
    const dir = contentWith('floor-plans.json', (json) => {
      json.defaultLevel = 'attic';
    });
    expect(() => loadFacilityContent(dir)).toThrow(/defaultLevel: not the id of a level/);
  });

  it('keeps the gallery pictures under images/gallery/', () => {
    const dir = contentWith('gallery.json', (json) => {
      const albums = json.albums as { images: { src: string }[] }[];
      albums[0]!.images[0]!.src = 'images/rooms/chapel.svg';
    });
    expect(() => loadSiteContent(dir)).toThrow(/a gallery picture is under images\/gallery\//);
  });
});
