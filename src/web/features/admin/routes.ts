/** The lazily loaded admin area (one chunk). */
export { AdminLayout } from './components/AdminLayout.js';
export { DashboardPage } from './components/AdminDashboardPage.js';
export { UsersPage } from './components/AdminUsersPage.js';
export { AdminReservationsPage } from './components/AdminReservationsPage.js';
export { AdminPaymentsPage } from './components/AdminPaymentsPage.js';
export { AdminMailPage } from './components/AdminMailPage.js';
