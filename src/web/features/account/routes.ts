/** The lazily loaded account area (one chunk). */
export { AccountLayout } from './components/AccountLayout.js';
export {
  DocumentationPage,
  HistoryPage,
  PaymentsPage,
  ProfilePage,
} from './components/AccountPages.js';
