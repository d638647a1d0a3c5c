import { paths } from '@/app/paths.js';
import { SideNavLayout } from '@/components/SideNavLayout.js';

export const adminNavItems = [
  { to: paths.adminDashboard, label: 'Dashboard' },
  { to: paths.adminUsers, label: 'Users' },
  { to: paths.adminAccounts, label: 'Churches' },
  { to: paths.adminReservations, label: 'Reservations' },
  { to: paths.adminClosures, label: 'Closed days' },
  { to: paths.adminPayments, label: 'Payments' },
  { to: paths.adminKitchen, label: 'Kitchen' },
  { to: paths.adminReports, label: 'Reports' },
  { to: paths.adminSite, label: 'Site' },
  { to: paths.adminMail, label: 'Mail' },
] as const;

export function AdminLayout() {
  return <SideNavLayout label="Administration" items={adminNavItems} />;
}
