/** The lazily loaded auth screens (one chunk). */
export { LoginPage } from './components/LoginPage.js';
export { RegisterPage } from './components/RegisterPage.js';
export { ForgotPasswordPage } from './components/ForgotPasswordPage.js';
export { ResetPasswordPage } from './components/ResetPasswordPage.js';
