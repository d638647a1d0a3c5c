/** Who a user is to the site: the house's staff or a church's member. */
export const ADMINISTRATOR = 'Administrator';
export const MEMBER = 'User';
export const ROLES = [ADMINISTRATOR, MEMBER] as const;
export type Role = (typeof ROLES)[number];

/** The one test of whether someone is the house's staff. */
export const isAdmin = (who: { role: string }): boolean => who.role === ADMINISTRATOR;
