import { describe, expect, it } from 'vitest';
import type { PublicContent } from './lib/site-content.js';
import { renderPage } from './prerender.js';
import { testSiteContent } from './test/site-content.js';

/**
 * The prerendered pages draw the site content they are given, the staff's
 * latest edit, not the files of content/ (docs/site-content.md).
 */

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');

const UPLOAD = 'images/uploads/3f2a9c0d12ab34ef-1920.webp';
const uploadUrl = (width: number) => `/api/content/images/uploads/3f2a9c0d12ab34ef-${width}.webp`;

/** The content of content/ with the house renamed, the home text changed and a picture uploaded. */
function edited(label: string): PublicContent {
  const { facility, pages, gallery } = structuredClone(testSiteContent);
  facility.name = `The ${label} House`;
  pages.home.aboutBlurb = `Welcome to the ${label} house <b>, where edits show at once.`;
  const [album, ...albums] = gallery.albums;
  const [first, ...rest] = album!.images;
  const uploaded = { ...first!, src: UPLOAD, alt: `The ${label} chapel at dusk` };
  return {
    ...testSiteContent,
    facility,
    pages,
    gallery: { albums: [{ ...album!, images: [uploaded, ...rest] }, ...albums] },
  };
}

describe('a prerendered page drawn from the site content', () => {
  it("shows the home page's changed name and text", async () => {
    const doc = parse(await renderPage('/', edited('Juniper')));
    expect(doc.querySelector('h1')?.textContent).toBe('The Juniper House');
    expect(doc.querySelector('main')?.textContent).toContain(
      'Welcome to the Juniper house <b>, where edits show at once.',
    );
    expect(doc.querySelector('header')?.textContent).toContain('The Juniper House');
  });

  it('shows an uploaded gallery picture from the server with each of its sizes', async () => {
    const doc = parse(await renderPage('/gallery', edited('Juniper')));
    const img = doc.querySelector<HTMLImageElement>('img[alt="The Juniper chapel at dusk"]');
    expect(img?.getAttribute('src')).toBe(uploadUrl(1920));
    expect(img?.getAttribute('srcset')).toBe(
      `${uploadUrl(640)} 640w, ${uploadUrl(1280)} 1280w, ${uploadUrl(1920)} 1920w`,
    );
    expect(img?.getAttribute('sizes')).toBeTruthy();
    // The pictures of content/images/ still come from the build.
    const others = [...doc.querySelectorAll<HTMLImageElement>('main img')].filter((i) => i !== img);
    expect(others.length).toBeGreaterThan(0);
    for (const other of others) expect(other.getAttribute('srcset')).toBeNull();
  });

  it('keeps nothing of one render in the next, or in one running beside it', async () => {
    const [juniper, sycamore] = [edited('Juniper'), edited('Sycamore')];
    const first = await renderPage('/', juniper);
    const [second, third] = await Promise.all([
      renderPage('/', sycamore),
      renderPage('/', juniper),
    ]);
    for (const html of [first, third]) {
      expect(html).toContain('The Juniper House');
      expect(html).not.toContain('Sycamore');
    }
    expect(second).toContain('The Sycamore House');
    expect(second).not.toContain('Juniper');
    const plain = await renderPage('/', testSiteContent);
    expect(plain).toContain(testSiteContent.facility.name);
    expect(plain).not.toMatch(/Juniper|Sycamore/);
  });
});
