import { paths } from '../../shared/app-paths.js';

export { paths };

export type AppPath = (typeof paths)[keyof typeof paths];

/** Where a user lands after login when no page sent them there (docs/product.md §9). */
export const defaultAfterLogin = paths.accountReservations;

/** The login, register and password pages: never a page to come back to after login. */
export const AUTH_PAGES: ReadonlySet<string> = new Set([
  paths.login,
  paths.register,
  paths.forgotPassword,
  paths.resetPassword,
]);

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
