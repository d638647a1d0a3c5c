/** The member's profile screen, loaded on first visit (one chunk). */
export { ProfilePage } from './components/ProfilePage.js';
