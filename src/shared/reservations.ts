/**
 * The reservation status machine of docs/product.md §4: which actor may do what from which
 * status, the tabs of the lists and their order. The server enforces it and
 * the screens offer only what it allows.
 */

export const RESERVATION_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];

export const PAYMENT_STATUSES = ['unpaid', 'paid'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Pending and approved reservations hold their days; rejected and cancelled free them. */
export const isHolding = (status: ReservationStatus) =>
  status === 'pending' || status === 'approved';

export type UserAction = 'cancel' | 'edit';
export type AdminAction = 'approve' | 'reject' | 'cancel' | 'delete' | 'edit';

/** What the owner may do to their own reservation. */
export function userMay(action: UserAction, status: ReservationStatus): boolean {
  switch (action) {
    case 'cancel':
      return isHolding(status);
    case 'edit':
      return status !== 'cancelled' && status !== 'rejected';
  }
}

/** What an administrator may do to any reservation. */
export function adminMay(action: AdminAction, status: ReservationStatus): boolean {
  switch (action) {
    case 'approve':
      return status === 'pending';
    case 'reject':
    case 'cancel':
      return isHolding(status);
    case 'delete':
      return status === 'cancelled' || status === 'rejected';
    case 'edit':
      return true;
  }
}

/** The status an admin status change leads to, or null when the table forbids it. */
export function adminStatusChange(
  from: ReservationStatus,
  to: ReservationStatus,
): ReservationStatus | null {
  const action: Record<ReservationStatus, AdminAction | null> = {
    approved: 'approve',
    rejected: 'reject',
    cancelled: 'cancel',
    pending: null,
  };
  const a = action[to];
  return a && adminMay(a, from) ? to : null;
}

export const USER_CANCELLED = 'user_cancelled';
export const ADMIN_CANCELLED = 'admin_cancelled';

/** Statuses shown with spaces for underscores (docs/product.md §2). */
export const statusLabel = (status: string) => status.replace(/_/g, ' ');

/** A status as a word of its own, e.g. "Partially paid". */
export const statusTitle = (status: string) => {
  const label = statusLabel(status);
  return label.charAt(0).toUpperCase() + label.slice(1);
};

export interface HasStatusAndStart {
  status: ReservationStatus | string;
  startTime: string;
}

/** Member tabs: 'all' holds only pending and approved (docs/product.md §2). */
export const MEMBER_TABS = ['all', 'pending', 'approved', 'rejected', 'cancelled'] as const;
export type MemberTab = (typeof MEMBER_TABS)[number];

/** Admin tabs: All Active (pending and approved) and one per status (docs/product.md §9). */
export const ADMIN_TABS = [
  { key: 'active', label: 'All Active' },
  { key: 'pending', label: 'Pending' },
  { key: 'approved', label: 'Approved' },
  { key: 'rejected', label: 'Rejected' },
  { key: 'cancelled', label: 'Cancelled' },
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number]['key'];

export function inTab(tab: MemberTab | AdminTab, status: string): boolean {
  if (tab === 'all' || tab === 'active') return status === 'pending' || status === 'approved';
  return status === tab;
}

export function tabCounts<T extends HasStatusAndStart, K extends MemberTab | AdminTab>(
  items: readonly T[],
  tabs: readonly K[],
): Record<K, number> {
  const counts = {} as Record<K, number>;
  for (const tab of tabs) counts[tab] = items.filter((i) => inTab(tab, i.status)).length;
  return counts;
}

/** Lists are sorted by start time ascending (docs/product.md §9); ties by id for a stable order. */
export function sortByStart<T extends { startTime: string; id?: number }>(
  items: readonly T[],
): T[] {
  return [...items].sort((a, b) =>
    a.startTime < b.startTime ? -1 : a.startTime > b.startTime ? 1 : (a.id ?? 0) - (b.id ?? 0),
  );
}

export const filterTab = <T extends HasStatusAndStart>(
  items: readonly T[],
  tab: MemberTab | AdminTab,
) => sortByStart(items.filter((i) => inTab(tab, i.status)));

/** A reservation awaiting payment: holding its days and not paid. */
export const needsPayment = (r: { status: string; paymentStatus: string }) =>
  (r.status === 'pending' || r.status === 'approved') && r.paymentStatus !== 'paid';
