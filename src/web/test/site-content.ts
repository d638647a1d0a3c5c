/**
 * The site content of the web tests: the files of content/, as the server
 * seeds the database with them and writes them into every page
 * (docs/site-content.md). setup.ts writes it into the test document's
 * `#site-content`, as the server does.
 */
import facilityJson from '../../../content/facility.json';
import floorPlansJson from '../../../content/floor-plans.json';
import galleryJson from '../../../content/gallery.json';
import outdoorMapJson from '../../../content/outdoor-map.json';
import pagesJson from '../../../content/pages.json';
import { highlightsOf } from '../features/public/site-content/site.js';
import type {
  FloorPlansContent,
  OutdoorMapContent,
} from '../features/public/site-content/types.js';
import { SITE_CONTENT_ELEMENT_ID, type PublicContent } from '../lib/site-content.js';

export const testSiteContent: PublicContent = {
  facility: facilityJson,
  pages: pagesJson,
  gallery: galleryJson,
  'floor-plans': floorPlansJson as FloorPlansContent,
  'outdoor-map': outdoorMapJson as OutdoorMapContent,
};

export const {
  facility,
  pages,
  gallery,
  'floor-plans': floorPlans,
  'outdoor-map': outdoorMap,
} = testSiteContent;

/** The home page's highlighted pictures. */
export const highlights = highlightsOf(pages, gallery);

/** The house's name, after which every tab is titled. */
export const SITE_TITLE = facility.name;

/** The element the server writes into every page's head, with `<` escaped as it does. */
export function siteContentScript(content: PublicContent): string {
  const json = JSON.stringify(content).replace(/</g, '\\u003c');
  return `<script id="${SITE_CONTENT_ELEMENT_ID}" type="application/json">${json}</script>`;
}

/** Puts `content` into the document's `#site-content`, replacing any there. */
export function writeSiteContent(content: PublicContent = testSiteContent): void {
  document.getElementById(SITE_CONTENT_ELEMENT_ID)?.remove();
  document.head.insertAdjacentHTML('beforeend', siteContentScript(content));
}
