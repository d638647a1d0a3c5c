/** The member's Payments screen, loaded on first visit (one chunk). */
export { PaymentsPage } from './components/PaymentsPage.js';
