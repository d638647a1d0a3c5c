/**
 * The public pages rendered to HTML (docs/operations.md, "Prerendered pages"):
 * by the server, with the site content it puts into the same page
 * (docs/site-content.md), and at build time by scripts/prerender.mjs, which
 * checks that each page draws. The server sends that HTML inside #root, so
 * the page paints before any script runs, and the browser hydrates it with
 * the same routes, providers and content (main.tsx).
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from './app/AppProviders.js';
import { paths } from './app/paths.js';
import { createQueryClient } from './app/queryClient.js';
import { routes } from './app/routes.js';
import { SiteContentProvider, type PublicContent } from './lib/site-content.js';

export type { PublicContent };

/** The pages prerendered: those a visitor may open first, none behind a login. */
export const PRERENDERED_PATHS: readonly string[] = [
  paths.home,
  paths.about,
  paths.gallery,
  paths.facilities,
  paths.floorPlans,
  paths.outdoorAreas,
  paths.availability,
];

/**
 * The HTML of #root for `pathname` drawn with `content`, as the browser's
 * first render draws it from the same content. Nothing is kept between calls.
 */
export async function renderPage(pathname: string, content: PublicContent): Promise<string> {
  if (!PRERENDERED_PATHS.includes(pathname)) throw new Error(`${pathname} is not prerendered`);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(pathname, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${pathname} redirects: not prerendered`);
  if (context.statusCode !== 200) throw new Error(`${pathname} answers ${context.statusCode}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // Nothing is fetched while rendering: the queries start in the browser.
  const queryClient = createQueryClient();
  return renderToString(
    <StrictMode>
      <SiteContentProvider content={content}>
        <AppProviders queryClient={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </SiteContentProvider>
    </StrictMode>,
  );
}
