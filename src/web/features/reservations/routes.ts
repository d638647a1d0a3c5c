/** The member's reservations screen, loaded on first visit (one chunk). */
export { MyReservationsPage } from './components/MyReservationsPage.js';
