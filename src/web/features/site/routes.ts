/** The lazily loaded Site area (docs/site-content.md): its own chunk, with the editor's forms. */
export { SiteListPage } from './components/SiteListPage.js';
export {
  SiteEditorPage,
  type RenderPublicPreview,
  type SiteEditorPageProps,
} from './components/SiteEditorPage.js';
