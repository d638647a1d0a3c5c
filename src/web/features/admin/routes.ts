/** The lazily loaded admin area (one chunk). */
export { AdminLayout } from './components/AdminLayout.js';
export { DashboardPage } from './components/AdminDashboardPage.js';
export { UsersPage } from './components/AdminUsersPage.js';
export { AdminAccountsPage } from './components/AdminAccountsPage.js';
export { AdminAccountPage } from './components/AdminAccountPage.js';
export { AdminReservationsPage } from './components/AdminReservationsPage.js';
export { AdminClosuresPage } from './components/AdminClosuresPage.js';
export { AdminPaymentsPage } from './components/AdminPaymentsPage.js';
export { AdminMailPage } from './components/AdminMailPage.js';
export { AdminKitchenPage } from './components/AdminKitchenPage.js';
