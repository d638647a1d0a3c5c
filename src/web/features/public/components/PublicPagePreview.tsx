import { Component, lazy, Suspense, useMemo, type ReactNode } from 'react';
import {
  MemoryRouter,
  Route,
  Routes,
  UNSAFE_DataRouterContext,
  UNSAFE_DataRouterStateContext,
  UNSAFE_LocationContext,
  UNSAFE_RouteContext,
} from 'react-router';
import { paths } from '@/app/paths.js';
import {
  SiteContentProvider,
  useSiteContent,
  type PublicContent,
  type PublicContentName,
} from '@/lib/site-content.js';
import { HomePage } from './HomePage.js';

// The same chunks as the public routes load (src/web/app/routes.tsx): imported
// here directly, they would be folded into this module's chunk and the public
// pages would lose chunks of their own.
const AboutPage = lazy(() => import('./AboutPage.js').then((m) => ({ default: m.AboutPage })));
const GalleryPage = lazy(() =>
  import('./GalleryPage.js').then((m) => ({ default: m.GalleryPage })),
);
const FacilitiesPage = lazy(() =>
  import('./FacilitiesPage.js').then((m) => ({ default: m.FacilitiesPage })),
);
const FloorPlansTab = lazy(() =>
  import('./FloorPlansTab.js').then((m) => ({ default: m.FloorPlansTab })),
);
const OutdoorAreasTab = lazy(() =>
  import('./OutdoorAreasTab.js').then((m) => ({ default: m.OutdoorAreasTab })),
);

/** The public pages each kind of content appears on (docs/site-content.md). */
export const PREVIEW_PAGES: Record<PublicContentName, { path: string; label: string }[]> = {
  facility: [
    { path: paths.home, label: 'Home' },
    { path: paths.about, label: 'About' },
  ],
  pages: [
    { path: paths.home, label: 'Home' },
    { path: paths.about, label: 'About' },
  ],
  gallery: [{ path: paths.gallery, label: 'Gallery' }],
  'floor-plans': [{ path: paths.floorPlans, label: 'Floor Plans' }],
  'outdoor-map': [{ path: paths.outdoorAreas, label: 'Outdoor Areas' }],
};

/**
 * A draft of one kind of content: the kind's name and its value; `published`
 * overrides the other kinds the page was sent with (when they changed since).
 */
export type PublicPagePreviewProps = {
  [Name in PublicContentName]: {
    name: Name;
    draft: PublicContent[Name];
    published?: Partial<PublicContent>;
  };
}[PublicContentName];

const NOT_DRAWN = 'The preview cannot be drawn until the draft is complete.';

/** Shows a short text instead of a page a draft cannot draw yet; tries again with the next draft. */
class DraftBoundary extends Component<
  { draft: unknown; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidUpdate(previous: { draft: unknown }) {
    if (this.state.failed && previous.draft !== this.props.draft) this.setState({ failed: false });
  }

  override render() {
    return this.state.failed ? <p role="status">{NOT_DRAWN}</p> : this.props.children;
  }
}

const noMatches = { outlet: null, matches: [], isDataRoute: false };

/**
 * One public page in a router of its own, in memory: inside the admin's
 * router, the page's links, tabs and ?album= or ?level= choices move the
 * preview only, never the admin's page.
 */
function PreviewRouter({ path }: { path: string }) {
  return (
    <UNSAFE_DataRouterContext.Provider value={null}>
      <UNSAFE_DataRouterStateContext.Provider value={null}>
        <UNSAFE_RouteContext.Provider value={noMatches}>
          <UNSAFE_LocationContext.Provider value={null as never}>
            <MemoryRouter initialEntries={[path]}>
              <Suspense fallback={<p role="status">Drawing the page…</p>}>
                <Routes>
                  <Route path={paths.home} element={<HomePage />} />
                  <Route path={paths.about} element={<AboutPage />} />
                  <Route path={paths.gallery} element={<GalleryPage />} />
                  <Route path={paths.facilities} element={<FacilitiesPage />}>
                    <Route index element={<FloorPlansTab />} />
                    <Route path={paths.floorPlans} element={<FloorPlansTab />} />
                    <Route path={paths.outdoorAreas} element={<OutdoorAreasTab />} />
                  </Route>
                  <Route path="*" element={null} />
                </Routes>
              </Suspense>
            </MemoryRouter>
          </UNSAFE_LocationContext.Provider>
        </UNSAFE_RouteContext.Provider>
      </UNSAFE_DataRouterStateContext.Provider>
    </UNSAFE_DataRouterContext.Provider>
  );
}

/**
 * The public page(s) a kind of content appears on, drawn with `draft` in
 * place of that kind's published content and the page's own content for the
 * rest: what visitors would see once the draft is published.
 */
export function PublicPagePreview({ name, draft, published }: PublicPagePreviewProps) {
  const sent = useSiteContent();
  const content = useMemo(
    () => ({ ...sent, ...published, [name]: draft }) as PublicContent,
    [sent, published, name, draft],
  );
  return (
    <SiteContentProvider content={content} preview>
      {PREVIEW_PAGES[name].map(({ path, label }) => (
        <section key={path} aria-label={`Preview of ${label}`}>
          <DraftBoundary draft={draft}>
            <PreviewRouter path={path} />
          </DraftBoundary>
        </section>
      ))}
    </SiteContentProvider>
  );
}
