// Mantine's base styles and the theme's CSS variables, written at build time;
// each component's own styles come with it (scripts/mantine-styles-plugin.ts).
import 'virtual:mantine-styles';
import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { theme } from './theme.js';

// The notification viewport is fetched with the first notification, not with
// the first page (bundle budget for `/`). Notifications wait in the store.
const NotificationsHost = lazy(() => import('./NotificationsHost.js'));

function LazyNotifications() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  // Once shown, the viewport stays mounted so that notifications can animate out.
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  );
}

/**
 * Marks the document `data-app-ready` once the app has drawn or hydrated its
 * first page: from then on every control of the page answers. A prerendered
 * page shows its content earlier (docs/operations.md, "Prerendered pages");
 * the end-to-end tests wait for this mark before they use a page.
 */
function ReadyMark() {
  useEffect(() => {
    document.documentElement.setAttribute('data-app-ready', '');
  }, []);
  return null;
}

export interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
  /** 'test' turns off Mantine transitions and portals. */
  env?: 'default' | 'test';
}

export function AppProviders({ queryClient, children, env = 'default' }: AppProvidersProps) {
  return (
    <MantineProvider
      theme={theme}
      // The variables are in the stylesheet already (built from cssVariablesResolver).
      withCssVariables={false}
      defaultColorScheme="light"
      env={env}
    >
      <ReadyMark />
      <LazyNotifications />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
