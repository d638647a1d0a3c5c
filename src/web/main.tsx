import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/AppProviders.js';
import { createQueryClient } from './app/queryClient.js';
import { createAppRouter } from './app/router.js';

// Start-up is cut into short tasks (a phone runs each in a few tens of
// milliseconds) so that the page answers input while it starts.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

const queryClient = createQueryClient();
await nextTask();
const router = createAppRouter(queryClient);
await nextTask();

const root = createRoot(container);
// A transition lets React render the first tree in short slices too.
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
