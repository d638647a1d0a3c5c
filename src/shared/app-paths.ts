/**
 * Every route path of the web app, in one place. Links, redirects and the
 * router are built from it; the server answers 404 to any other page path.
 */
export const paths = {
  home: '/',
  about: '/about',
  gallery: '/gallery',
  facilities: '/facilities',
  floorPlans: '/facilities/floor-plans',
  outdoorAreas: '/facilities/outdoor-areas',
  availability: '/facilities/availability',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  account: '/account',
  accountProfile: '/account/profile',
  accountReservations: '/account/reservations',
  accountStay: '/account/reservations/:id',
  accountPayments: '/account/payments',
  accountDocumentation: '/account/documentation',
  accountHistory: '/account/history',
  admin: '/admin',
  adminDashboard: '/admin/dashboard',
  adminUsers: '/admin/users',
  adminAccounts: '/admin/accounts',
  adminAccount: '/admin/accounts/:id',
  adminReservations: '/admin/reservations',
  adminStay: '/admin/reservations/:id',
  adminClosures: '/admin/closures',
  adminPayments: '/admin/payments',
  adminMail: '/admin/mail',
  adminKitchen: '/admin/kitchen',
  adminReports: '/admin/reports',
  adminSite: '/admin/site',
  adminSiteKind: '/admin/site/:name',
  attendee: '/stay/:token',
  notFound: '*',
} as const;

/**
 * The pages the app has (not the catch-all): the server answers 200 for these, 404 for any other.
 * A segment starting with ':' is a parameter (`/admin/accounts/:id`): it stands for any one segment.
 */
export const APP_PAGES: readonly string[] = Object.values(paths).filter((p) => p !== '*');

/** Does a path match a page, a parameter segment matching any one non-empty segment? */
function matchesPage(page: string, pathname: string): boolean {
  if (!page.includes('/:')) return page === pathname;
  const want = page.split('/');
  const got = pathname.split('/');
  return (
    want.length === got.length &&
    want.every((segment, i) => (segment.startsWith(':') ? got[i] !== '' : segment === got[i]))
  );
}

/**
 * Is this a page of the app? A trailing slash is the same page; `/facilities/x`
 * is not one, nor is `/admin/accounts/3/x`.
 */
export function isAppPage(pathname: string): boolean {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return APP_PAGES.some((page) => matchesPage(page, trimmed));
}
