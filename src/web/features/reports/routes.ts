/** The lazily loaded reports area: its own chunk, as it carries the charts' library. */
export { ReportsPage } from './components/ReportsPage.js';
