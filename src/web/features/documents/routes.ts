/** The member's Documentation screen, loaded on first visit (one chunk). */
export { DocumentationPage } from './components/DocumentationPage.js';
