/** The account history screen, loaded on first visit (one chunk). */
export { HistoryPage } from './components/HistoryPage.js';
