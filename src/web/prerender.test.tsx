import { describe, expect, it } from 'vitest';
import { PRERENDERED_PATHS, renderPage } from './prerender.js';
import { facility, pages, testSiteContent } from './test/site-content.js';

/** The page's h1 and the text a visitor reads, from content/ (docs/operations.md). */
const expected: Record<string, { heading: string; texts: string[] }> = {
  '/': { heading: facility.name, texts: [facility.description, pages.home.aboutBlurb] },
  '/about': { heading: 'About', texts: [...pages.about.paragraphs, pages.about.directions] },
  '/gallery': { heading: 'Gallery', texts: [pages.gallery.intro] },
  '/facilities': { heading: 'Facilities', texts: [pages.floorPlans.intro] },
  '/facilities/floor-plans': { heading: 'Facilities', texts: [pages.floorPlans.intro] },
  '/facilities/outdoor-areas': { heading: 'Facilities', texts: [pages.outdoorAreas.intro] },
  '/facilities/availability': {
    heading: 'Facilities',
    texts: ['See which days are already reserved. Days marked Reserved are taken'],
  },
};

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');

describe('prerendered public pages', () => {
  it('are every public page a visitor may open first', () => {
    expect([...PRERENDERED_PATHS].sort()).toEqual(Object.keys(expected).sort());
  });

  it.each(Object.entries(expected))(
    '%s holds its heading, its main text and the navigation',
    async (path, { heading, texts }) => {
      const doc = parse(await renderPage(path, testSiteContent));
      expect(doc.querySelector('h1')?.textContent).toBe(heading);
      const main = doc.querySelector('main')?.textContent ?? '';
      for (const text of texts) expect(main).toContain(text);
      const nav = doc.querySelector('nav[aria-label="Main"]')?.textContent ?? '';
      for (const item of ['Home', 'About', 'Gallery', 'Facilities']) expect(nav).toContain(item);
      // Drawn, not the loading fallback or the error page.
      expect(doc.querySelector('[role="alert"]')).toBeNull();
    },
  );

  it("holds the availability calendar's place until the browser knows today", async () => {
    const doc = parse(await renderPage('/facilities/availability', testSiteContent));
    expect(doc.querySelector('[data-calendar-placeholder]')).not.toBeNull();
    expect(doc.querySelector('[role="grid"]')).toBeNull();
  });

  it('refuses any other page (behind a login, or none at all)', async () => {
    await expect(renderPage('/account/profile', testSiteContent)).rejects.toThrow(
      'is not prerendered',
    );
    await expect(renderPage('/no-such-page', testSiteContent)).rejects.toThrow(
      'is not prerendered',
    );
  });
});
