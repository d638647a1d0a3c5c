/**
 * The Site editor with the public pages drawn from a draft
 * (docs/site-content.md): the app joins the two features here, in a chunk of
 * its own, so that neither the first pages nor the editor carry the other.
 */
import { PublicPagePreview, type PublicPagePreviewProps } from '../features/public/preview.js';
import { SiteEditorPage, type RenderPublicPreview } from '../features/site/routes.js';

const renderPublicPreview: RenderPublicPreview = (name, draft, published) => (
  <PublicPagePreview {...({ name, draft, published } as PublicPagePreviewProps)} />
);

export function SiteEditorRoute() {
  return <SiteEditorPage renderPublicPreview={renderPublicPreview} />;
}
