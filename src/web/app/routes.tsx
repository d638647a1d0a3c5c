import type { QueryClient } from '@tanstack/react-query';
import { Navigate, type RouteObject } from 'react-router';
import { CenteredLoader } from '../components/CenteredLoader.js';
import { prefetchAvailability } from '../features/public/api/availability.js';
import { HomePage } from '../features/public/components/HomePage.js';
import { RequireAuth } from './guards.js';
import { PublicLayout } from './layout/PublicLayout.js';
import { NotFoundPage } from './NotFoundPage.js';
import { paths } from './paths.js';
import { RouteErrorPage } from './RouteErrorPage.js';

// Only Home is in the first bundle; the other public pages, the auth forms, the
// account area and the admin area are chunks fetched on first use (bundle
// budget for `/`: 150 KB gzip of JavaScript).
// Public pages are one chunk each: a visitor opening one downloads only it.
const aboutPage = () => import('../features/public/components/AboutPage.js');
const galleryPage = () => import('../features/public/components/GalleryPage.js');
const facilitiesPage = () => import('../features/public/components/FacilitiesPage.js');
const floorPlansTab = () => import('../features/public/components/FloorPlansTab.js');
const outdoorAreasTab = () => import('../features/public/components/OutdoorAreasTab.js');
const availabilityTab = () => import('../features/public/components/AvailabilityTab.js');
const authScreens = () => import('../features/auth/routes.js');
const accountArea = () => import('../features/account/routes.js');
const reservationsArea = () => import('../features/reservations/routes.js');
const profileArea = () => import('../features/profile/routes.js');
const historyArea = () => import('../features/history/routes.js');
const paymentsArea = () => import('../features/payments/routes.js');
const documentsArea = () => import('../features/documents/routes.js');
const adminArea = () => import('../features/admin/routes.js');
const stayArea = () => import('../features/stay/routes.js');
// The reports carry the charts' library: their own chunk, loaded only there.
const reportsArea = () => import('../features/reports/routes.js');
// The Site area carries the content editor's forms: its own chunk too.
const siteArea = () => import('../features/site/routes.js');
const siteEditor = () => import('./SiteEditorRoute.js');
// The attendees' page is a first page of its own (a link in a message): its
// own chunk, with nothing of the leader's stay page.
const attendeePage = () => import('../features/stay/components/AttendeePage.js');

/** What a route may carry besides its page: the data to ask for as the page starts. */
export interface RouteHandle {
  prefetch?: (queryClient: QueryClient) => void;
}

/** The id of the route every page is drawn in (PublicLayout). */
export const SITE_ROUTE_ID = 'site';

/** The public pages, the sign-in pages and the page for an unknown path. */
const sitePages: RouteObject[] = [
  { index: true, element: <HomePage /> },
  { path: paths.about, lazy: async () => ({ Component: (await aboutPage()).AboutPage }) },
  { path: paths.gallery, lazy: async () => ({ Component: (await galleryPage()).GalleryPage }) },
  {
    path: paths.facilities,
    lazy: async () => ({ Component: (await facilitiesPage()).FacilitiesPage }),
    children: [
      { index: true, lazy: async () => ({ Component: (await floorPlansTab()).FloorPlansTab }) },
      {
        path: paths.floorPlans,
        lazy: async () => ({ Component: (await floorPlansTab()).FloorPlansTab }),
      },
      {
        path: paths.outdoorAreas,
        lazy: async () => ({ Component: (await outdoorAreasTab()).OutdoorAreasTab }),
      },
      {
        path: paths.availability,
        handle: { prefetch: prefetchAvailability } satisfies RouteHandle,
        lazy: async () => ({ Component: (await availabilityTab()).AvailabilityTab }),
      },
    ],
  },
  { path: paths.login, lazy: async () => ({ Component: (await authScreens()).LoginPage }) },
  {
    path: paths.register,
    lazy: async () => ({ Component: (await authScreens()).RegisterPage }),
  },
  {
    path: paths.forgotPassword,
    lazy: async () => ({ Component: (await authScreens()).ForgotPasswordPage }),
  },
  {
    path: paths.resetPassword,
    lazy: async () => ({ Component: (await authScreens()).ResetPasswordPage }),
  },
  { path: paths.attendee, lazy: async () => ({ Component: (await attendeePage()).AttendeePage }) },
  { path: paths.notFound, element: <NotFoundPage /> },
];

/** The signed-in areas: the member's /account and the staff's /admin. */
export const signedInAreas: RouteObject[] = [
  {
    path: paths.account,
    element: <RequireAuth />,
    children: [
      { index: true, element: <Navigate to={paths.accountProfile} replace /> },
      {
        lazy: async () => ({ Component: (await accountArea()).AccountLayout }),
        children: [
          {
            path: paths.accountProfile,
            lazy: async () => ({ Component: (await profileArea()).ProfilePage }),
          },
          {
            path: paths.accountReservations,
            lazy: async () => ({ Component: (await reservationsArea()).MyReservationsPage }),
          },
          {
            path: paths.accountStay,
            lazy: async () => ({ Component: (await stayArea()).StayPage }),
          },
          {
            path: paths.accountPayments,
            lazy: async () => ({ Component: (await paymentsArea()).PaymentsPage }),
          },
          {
            path: paths.accountDocumentation,
            lazy: async () => ({ Component: (await documentsArea()).DocumentationPage }),
          },
          {
            path: paths.accountHistory,
            lazy: async () => ({ Component: (await historyArea()).HistoryPage }),
          },
        ],
      },
    ],
  },
  {
    path: paths.admin,
    element: <RequireAuth admin />,
    children: [
      { index: true, element: <Navigate to={paths.adminDashboard} replace /> },
      {
        lazy: async () => ({ Component: (await adminArea()).AdminLayout }),
        children: [
          {
            path: paths.adminDashboard,
            lazy: async () => ({ Component: (await adminArea()).DashboardPage }),
          },
          {
            path: paths.adminUsers,
            lazy: async () => ({ Component: (await adminArea()).UsersPage }),
          },
          {
            path: paths.adminAccounts,
            lazy: async () => ({ Component: (await adminArea()).AdminAccountsPage }),
          },
          {
            path: paths.adminAccount,
            lazy: async () => ({ Component: (await adminArea()).AdminAccountPage }),
          },
          {
            path: paths.adminReservations,
            lazy: async () => ({ Component: (await adminArea()).AdminReservationsPage }),
          },
          {
            path: paths.adminStay,
            lazy: async () => ({ Component: (await stayArea()).AdminStayPage }),
          },
          {
            path: paths.adminClosures,
            lazy: async () => ({ Component: (await adminArea()).AdminClosuresPage }),
          },
          {
            path: paths.adminPayments,
            lazy: async () => ({ Component: (await adminArea()).AdminPaymentsPage }),
          },
          {
            path: paths.adminMail,
            lazy: async () => ({ Component: (await adminArea()).AdminMailPage }),
          },
          {
            path: paths.adminKitchen,
            lazy: async () => ({ Component: (await adminArea()).AdminKitchenPage }),
          },
          {
            path: paths.adminReports,
            lazy: async () => ({ Component: (await reportsArea()).ReportsPage }),
          },
          {
            path: paths.adminSite,
            lazy: async () => ({ Component: (await siteArea()).SiteListPage }),
          },
          {
            path: paths.adminSiteKind,
            lazy: async () => ({ Component: (await siteEditor()).SiteEditorRoute }),
          },
        ],
      },
    ],
  },
];

function siteRoute(children: RouteObject[]): RouteObject {
  return {
    id: SITE_ROUTE_ID,
    path: paths.home,
    element: <PublicLayout />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <CenteredLoader label="Loading..." />,
    children,
  };
}

/** The route tree of docs/product.md §2, built from `paths`. */
export const routes: RouteObject[] = [siteRoute([...sitePages, ...signedInAreas])];

/**
 * The same tree without the signed-in areas: what the browser's router starts
 * with on a page outside them, the areas joining it a task later
 * (src/web/app/router.ts), so that its first task ranks about half the routes.
 */
export const routesOutsideSignedInAreas: RouteObject[] = [siteRoute(sitePages)];

/** Whether a path is in /account or /admin. */
export function isInSignedInArea(pathname: string): boolean {
  return [paths.account, paths.admin].some(
    (area) => pathname === area || pathname.startsWith(`${area}/`),
  );
}
