import { describe, expect, it } from 'vitest';
import { facility, floorPlans, gallery, highlights, pages } from '@/test/site-content.js';
import { defaultLevelOf } from './floorPlans.js';
import { galleryImageUrl } from './galleryImages.js';
import { contentImagePaths, imageUrl } from './images.js';
import { addressLines, mapEmbedUrl, mapPageUrl } from './site.js';
import { uploadSrcSet } from './uploads.js';

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
    expect(defaultLevelOf(floorPlans).id).toBe(floorPlans.defaultLevel);
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

describe("the staff's uploaded pictures (docs/site-content.md)", () => {
  const upload = (width: number) => `images/uploads/3f2a9c0d12ab34ef-${width}.webp`;
  const url = (width: number) => `/api/content/${upload(width)}`;

  it('are served by the server, not looked up in content/images/', () => {
    expect(imageUrl(upload(1920))).toBe(url(1920));
    expect(galleryImageUrl(upload(1280))).toBe(url(1280));
    expect(galleryImageUrl('images/gallery/nothing.svg')).toBe('');
  });

  it('offer every size kept: the standard widths below the one named, and that one', () => {
    expect(uploadSrcSet(upload(1920))).toBe(
      `${url(640)} 640w, ${url(1280)} 1280w, ${url(1920)} 1920w`,
    );
    expect(uploadSrcSet(upload(1280))).toBe(`${url(640)} 640w, ${url(1280)} 1280w`);
    expect(uploadSrcSet(upload(1000))).toBe(`${url(640)} 640w, ${url(1000)} 1000w`);
    // One size only: the src says it all.
    expect(uploadSrcSet(upload(640))).toBeUndefined();
    expect(uploadSrcSet(upload(300))).toBeUndefined();
    expect(uploadSrcSet('images/gallery/barn.svg')).toBeUndefined();
  });
});
