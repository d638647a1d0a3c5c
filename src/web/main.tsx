import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/AppProviders.js';
import { createQueryClient } from './app/queryClient.js';
import { createAppRouter, prefetchRouteData, routeModulesLoaded } from './app/router.js';

// Start-up is cut into short tasks (a phone runs each in a few tens of
// milliseconds) so that the page answers input while it starts.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// Not awaited at the top level: the route chunks import this bundle's modules,
// and a module still waiting on its top-level await would hold their import
// (and the hydration waiting for them) forever.
async function start(container: HTMLElement) {
  const queryClient = createQueryClient();
  // The router matches the page and starts loading its route modules; the
  // page's data is asked for alongside.
  const router = createAppRouter(queryClient);
  prefetchRouteData(router, queryClient);
  // A public page arrives drawn (docs/operations.md, "Prerendered pages"): the
  // app takes over that HTML, once it has the page's modules, instead of
  // drawing it again.
  const prerendered = container.hasAttribute('data-prerendered');
  if (prerendered) await routeModulesLoaded(router);
  await nextTask();

  const app = (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
  // A transition lets React render the first tree in short slices too.
  startTransition(() => {
    if (prerendered) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
}

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
void start(container);
