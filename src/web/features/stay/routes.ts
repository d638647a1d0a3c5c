/** The stay pages, the member's and the staff's, loaded on first visit (one chunk). */
export { AdminStayPage, StayPage } from './components/StayPage.js';
