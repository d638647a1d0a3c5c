import { StrictMode, startTransition } from 'react';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/AppProviders.js';
import { createQueryClient } from './app/queryClient.js';
import { startAppRouter } from './app/router.js';
import { nextTask } from './lib/next-task.js';
import { loadSiteContent } from './lib/site-content.js';

// Start-up is cut into short tasks (a phone runs each in a few tens of
// milliseconds) so that the page answers input while it starts
// (docs/operations.md, "Prerendered pages").
//
// Nothing runs at this module's top level but the call that schedules the
// start: a profiler records where each timer, message channel or request
// comes from, and naming a line of a module's top level means reading that
// whole module again, on the page's main thread. Lighthouse profiles.
async function start(container: HTMLElement) {
  // React DOM's renderer is the largest module of the start-up and is needed
  // last: a chunk of its own, evaluated in its own task when it arrives, while
  // the router starts (the server preloads it with a page the browser draws:
  // src/server/plugins/static-spa.ts). React's scheduler, which it requires, is a
  // small chunk started before it, for the reason above: it sets up a message
  // channel as it starts, and from inside React DOM's module that would mean
  // reading all of React DOM again.
  const reactDomClient = import('scheduler').then(() => import('react-dom/client'));
  // The site content the server wrote into the page, which the first render
  // draws, as the prerendered HTML did (docs/site-content.md).
  await loadSiteContent();
  await nextTask();
  const queryClient = createQueryClient();
  const router = await startAppRouter(queryClient, window.location.pathname, nextTask);
  const { createRoot, hydrateRoot } = await reactDomClient;
  await nextTask();

  const app = (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
  // A transition lets React render the first tree in short slices too. A
  // public page arrives drawn: the app takes that HTML over instead of drawing
  // it again.
  startTransition(() => {
    if (container.hasAttribute('data-prerendered')) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
}

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
void Promise.resolve(container).then(start);
