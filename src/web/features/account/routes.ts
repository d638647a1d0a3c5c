/** The lazily loaded account area (one chunk). */
export { AccountLayout } from './components/AccountLayout.js';
