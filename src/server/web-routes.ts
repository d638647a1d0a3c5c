/**
 * Which lazily loaded module of the web app (a path under src/web, as in Vite's
 * manifest) draws the pages under each path. The server preloads that chunk in
 * the page it sends, so the browser fetches it with the main bundle instead of
 * after it. A path missing here still works, one round trip slower.
 */
export const WEB_ROUTE_MODULES: readonly (readonly [
  pathPrefix: string,
  module: string,
  exact?: 'exact',
])[] = [
  ['/about', 'features/public/components/AboutPage.tsx'],
  ['/gallery', 'features/public/components/GalleryPage.tsx'],
  ['/facilities', 'features/public/components/FacilitiesPage.tsx'],
  ['/facilities', 'features/public/components/FloorPlansTab.tsx', 'exact'],
  ['/facilities/floor-plans', 'features/public/components/FloorPlansTab.tsx'],
  ['/facilities/outdoor-areas', 'features/public/components/OutdoorAreasTab.tsx'],
  ['/facilities/availability', 'features/public/components/AvailabilityTab.tsx'],
  ['/login', 'features/auth/routes.ts'],
  ['/register', 'features/auth/routes.ts'],
  ['/forgot-password', 'features/auth/routes.ts'],
  ['/reset-password', 'features/auth/routes.ts'],
  ['/account/reservations', 'features/reservations/routes.ts'],
  ['/account/profile', 'features/profile/routes.ts'],
  ['/account/history', 'features/history/routes.ts'],
  ['/account/payments', 'features/payments/routes.ts'],
  ['/account/documentation', 'features/documents/routes.ts'],
  ['/account', 'features/account/routes.ts'],
  ['/admin', 'features/admin/routes.ts'],
];

/** The modules drawing a page path (none for the home page: it is in the main bundle). */
export function webModulesFor(pathname: string): string[] {
  return WEB_ROUTE_MODULES.filter(
    ([prefix, , exact]) => pathname === prefix || (!exact && pathname.startsWith(`${prefix}/`)),
  ).map(([, module]) => module);
}
