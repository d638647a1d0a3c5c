import { paths } from '@/app/paths.js';
import { SideNavLayout } from '@/components/SideNavLayout.js';

export const accountNavItems = [
  { to: paths.accountProfile, label: 'Profile' },
  { to: paths.accountReservations, label: 'My Reservations' },
  { to: paths.accountPayments, label: 'Payments' },
  { to: paths.accountDocumentation, label: 'Documentation' },
  { to: paths.accountHistory, label: 'History' },
] as const;

export function AccountLayout() {
  return <SideNavLayout label="Account" items={accountNavItems} />;
}
