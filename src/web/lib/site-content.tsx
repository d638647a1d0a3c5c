/**
 * The house's public content: the texts, map position, gallery, floor plans
 * and map of the grounds the public pages draw (docs/site-content.md). The
 * staff edit it in the database, and the server puts it into every page it
 * sends, in `<script id="site-content" type="application/json">`, so an edit
 * shows without a new build. The browser reads that element once; the
 * prerendered pages (prerender.tsx) and the admin's preview give their own
 * content through `SiteContentProvider`.
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type {
  FacilityContent,
  FloorPlansContent,
  GalleryContent,
  OutdoorMapContent,
  PagesContent,
} from '../../shared/schemas/content.js';
import type { PUBLIC_CONTENT_NAMES } from '../../shared/site-content.js';

/** The kinds of content the public pages draw. */
export type PublicContentName = (typeof PUBLIC_CONTENT_NAMES)[number];

interface ContentOfName {
  facility: FacilityContent;
  pages: PagesContent;
  gallery: GalleryContent;
  'floor-plans': FloorPlansContent;
  'outdoor-map': OutdoorMapContent;
}

/** One value per public kind, with the shape of its file in content/. */
export type PublicContent = { [Name in PublicContentName]: ContentOfName[Name] };

/** The id of the element the server writes the content into. */
export const SITE_CONTENT_ELEMENT_ID = 'site-content';

/** The content a document carries, or undefined when it has none. */
export function readSiteContent(doc: Document): PublicContent | undefined {
  const text = doc.getElementById(SITE_CONTENT_ELEMENT_ID)?.textContent;
  return text ? (JSON.parse(text) as PublicContent) : undefined;
}

let pageContent: PublicContent | undefined;

/** The content of this page, read from its `#site-content` once. */
export function pageSiteContent(): PublicContent {
  pageContent ??= typeof document === 'undefined' ? undefined : readSiteContent(document);
  if (!pageContent)
    throw new Error(
      'The page has no #site-content element: the server writes the site content into every page (docs/site-content.md).',
    );
  return pageContent;
}

/**
 * Called before the app's first render. Vite's development server sends
 * index.html without the server's content: there the files of content/ stand
 * in, imported only in development, so a production build holds none of them.
 */
export async function loadSiteContent(): Promise<void> {
  pageContent ??= readSiteContent(document);
  if (!pageContent && import.meta.env.DEV) {
    const [facility, pages, gallery, floorPlans, outdoorMap] = await Promise.all([
      import('../../../content/facility.json'),
      import('../../../content/pages.json'),
      import('../../../content/gallery.json'),
      import('../../../content/floor-plans.json'),
      import('../../../content/outdoor-map.json'),
    ]);
    pageContent = {
      facility: facility.default,
      pages: pages.default,
      gallery: gallery.default,
      'floor-plans': floorPlans.default as FloorPlansContent,
      'outdoor-map': outdoorMap.default as OutdoorMapContent,
    };
  }
  pageSiteContent();
}

interface SiteContentValue {
  content: PublicContent;
  preview: boolean;
}

const SiteContentContext = createContext<SiteContentValue | null>(null);

export interface SiteContentProviderProps {
  content: PublicContent;
  /**
   * A preview inside another page (the admin's): the pages drawn leave the
   * browser tab's title and the page's description alone.
   */
  preview?: boolean;
  children: ReactNode;
}

/** Gives the pages inside it `content` instead of the page's own. */
export function SiteContentProvider({
  content,
  preview = false,
  children,
}: SiteContentProviderProps) {
  const value = useMemo(() => ({ content, preview }), [content, preview]);
  return <SiteContentContext.Provider value={value}>{children}</SiteContentContext.Provider>;
}

/** The public content: the provider's, else the page's own `#site-content`. */
export function useSiteContent(): PublicContent {
  return useContext(SiteContentContext)?.content ?? pageSiteContent();
}

/** True inside a preview (`SiteContentProvider preview`). */
export function useIsContentPreview(): boolean {
  return useContext(SiteContentContext)?.preview ?? false;
}
