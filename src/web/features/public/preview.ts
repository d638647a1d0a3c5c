/**
 * The public pages drawn with a draft of the site content (docs/site-content.md),
 * for the admin's Site editor: a module of its own, so the app loads it lazily
 * there and nowhere else.
 */
export {
  PREVIEW_PAGES,
  PublicPagePreview,
  type PublicPagePreviewProps,
} from './components/PublicPagePreview.js';
export type { PublicContent, PublicContentName } from '@/lib/site-content.js';
