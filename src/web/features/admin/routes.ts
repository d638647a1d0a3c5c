/** The lazily loaded admin area (one chunk). */
export { AdminLayout } from './components/AdminLayout.js';
export { AdminReservationsPage, DashboardPage, UsersPage } from './components/AdminPages.js';
