import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { SiteContent } from '../../shared/schemas/content.js';

/** What the pages need of the house's content: the public kinds, and when they change. */
export interface PageContent {
  site(): SiteContent;
  stamp(): number;
}

interface PrerenderBundle {
  PRERENDERED_PATHS: readonly string[];
  renderPage(pathname: string, content: PublicContent): Promise<string>;
}

/** The public kinds by name, as the browser reads them from #site-content. */
export type PublicContent = Record<
  'facility' | 'pages' | 'gallery' | 'floor-plans' | 'outdoor-map',
  unknown
>;

export function publicContentOf(site: SiteContent): PublicContent {
  return {
    facility: site.facility,
    pages: site.pages,
    gallery: site.gallery,
    'floor-plans': site.floorPlans,
    'outdoor-map': site.outdoorMap,
  };
}

/** The content as the page carries it for the app: JSON that cannot end its script element. */
export function contentScript(site: SiteContent): string {
  const json = JSON.stringify(publicContentOf(site)).replace(/</g, '\\u003c');
  return `<script id="site-content" type="application/json">${json}</script>`;
}

/**
 * The public pages drawn with the house's content as it is now
 * (docs/operations.md, "Prerendered pages"; docs/site-content.md, "Live"):
 * the server runs the build's prerender bundle (dist/prerender/prerender.js)
 * the first time a page is asked for after the content changed, and keeps the
 * HTML until the next change. Without the bundle (a build without it) the
 * pages drawn at build time are used as they are.
 */
export function createLivePages(o: {
  webDir: string;
  /** Without it (a test of the plugin alone), the pages drawn at build time. */
  content?: PageContent;
  logger: FastifyBaseLogger;
  bundleFile?: string;
}) {
  const bundleFile = o.bundleFile ?? path.resolve(o.webDir, '..', 'prerender', 'prerender.js');
  const builtFile = path.join(o.webDir, '.vite', 'prerendered.json');
  const built: Map<string, string> = existsSync(builtFile)
    ? new Map(Object.entries(JSON.parse(readFileSync(builtFile, 'utf8')) as Record<string, string>))
    : new Map();
  const content = o.content;
  const hasBundle = content !== undefined && existsSync(bundleFile);
  let bundle: Promise<PrerenderBundle> | undefined;
  let drawnAt = -1;
  let drawn = new Map<string, Promise<string | undefined>>();

  const load = () =>
    (bundle ??= import(pathToFileURL(bundleFile).href) as Promise<PrerenderBundle>);

  async function render(pathname: string): Promise<string | undefined> {
    try {
      const { renderPage } = await load();
      return await renderPage(pathname, publicContentOf(content!.site()));
    } catch (err) {
      // The app draws the page in the browser instead; the staff's edit stays published.
      o.logger.error({ err, pathname }, 'a public page could not be drawn with the content');
      return undefined;
    }
  }

  return {
    /** Whether the page comes drawn (the build drew it: the same paths). */
    isDrawn: (pathname: string) => built.has(pathname),
    /** The page's HTML for #root with the content as it is now, or undefined. */
    async html(pathname: string): Promise<string | undefined> {
      if (!built.has(pathname)) return undefined;
      if (!hasBundle) return built.get(pathname);
      const stamp = content!.stamp();
      if (stamp !== drawnAt) {
        drawn = new Map();
        drawnAt = stamp;
      }
      let page = drawn.get(pathname);
      if (!page) {
        page = render(pathname);
        drawn.set(pathname, page);
      }
      return page;
    },
    /** Draws every page now (after listen), so the first visitor does not wait. */
    async warm(): Promise<void> {
      if (!hasBundle) return;
      for (const pathname of built.keys()) await this.html(pathname);
    },
  };
}

export type LivePages = ReturnType<typeof createLivePages>;
