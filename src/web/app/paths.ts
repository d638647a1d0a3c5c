/**
 * Every route path of SPEC.md §2, in one place. Links, redirects and the
 * router are all built from this object.
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
  accountPayments: '/account/payments',
  accountDocumentation: '/account/documentation',
  accountHistory: '/account/history',
  admin: '/admin',
  adminDashboard: '/admin/dashboard',
  adminUsers: '/admin/users',
  adminReservations: '/admin/reservations',
  adminPayments: '/admin/payments',
  adminMail: '/admin/mail',
  notFound: '*',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** Where a user lands after login when no page sent them there (SPEC §9). */
export const defaultAfterLogin = paths.accountReservations;

/** A location to return to, kept in history state (plain data only). */
export interface ReturnLocation {
  pathname: string;
  search: string;
  hash: string;
}

/** The history state the login screen reads: where to go next and what to say. */
export interface LoginState {
  from?: ReturnLocation;
  message?: string;
}

export function toReturnLocation(location: ReturnLocation): ReturnLocation {
  return { pathname: location.pathname, search: location.search, hash: location.hash };
}
