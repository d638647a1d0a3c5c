import { describe, expect, it } from 'vitest';
import { floorPlans } from './floorPlans.js';
import { contentImagePaths, imageUrl } from './images.js';
import {
  addressLines,
  facility,
  gallery,
  highlights,
  mapEmbedUrl,
  mapPageUrl,
  pages,
} from './site.js';

describe('the content of content/', () => {
  it('names only pictures that content/images/ holds', () => {
    const named = [
      ...gallery.albums.flatMap((a) => a.images.map((i) => i.src)),
      ...floorPlans.levels.flatMap((l) => [
        l.image,
        ...l.areas.flatMap((a) => a.roomImages.map((i) => i.src)),
      ]),
    ];
    expect(named.length).toBeGreaterThan(20);
    for (const src of named) {
      expect(contentImagePaths()).toContain(src);
      expect(imageUrl(src)).not.toBe('');
    }
    expect(imageUrl('images/nothing.svg')).toBe('');
  });

  it('has two gallery albums of three pictures and three home highlights', () => {
    expect(gallery.albums.map((a) => a.images.length)).toEqual([3, 3]);
    expect(highlights.map((h) => h.id)).toEqual(pages.home.highlights);
  });

  it('builds the OpenStreetMap addresses from the map position', () => {
    expect(mapEmbedUrl({ latitude: 10.5, longitude: -20.25, span: 0.01 })).toBe(
      'https://www.openstreetmap.org/export/embed.html?bbox=-20.26%2C10.495%2C-20.24%2C10.505&layer=mapnik&marker=10.5%2C-20.25',
    );
    expect(mapPageUrl({ latitude: 10.5, longitude: -20.25, span: 0.01 })).toBe(
      'https://www.openstreetmap.org/?mlat=10.5&mlon=-20.25#map=16/10.5/-20.25',
    );
  });

  it('writes the address on three lines', () => {
    expect(addressLines(facility.address)).toEqual([
      facility.address.street,
      `${facility.address.city}, ${facility.address.region} ${facility.address.postalCode}`,
      facility.address.country,
    ]);
  });
});
