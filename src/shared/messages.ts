/**
 * Every user-facing text of the site (docs/product.md), by name. Screens and the server read them
 * from here so a wording is changed in one place only.
 */
export const messages = {
  // Protected routes and session (docs/product.md §2, §4)
  loadingAuth: 'Loading authentication status...',
  mustLogIn: 'You must be logged in to access this page.',
  adminRequired: 'Access Denied: Admin privileges required.',
  loggedOut: 'You have been logged out.',

  // 404
  notFoundTitle: '404 - Page Not Found',
  notFoundText: 'Sorry, the page you are looking for does not exist.',

  // Login / register (docs/product.md §5, §8)
  loginFailed: 'Login failed.',
  loginNoSession:
    'Login succeeded, but the session could not be established. Please clear your browser cookies and try again.',
  passwordsDoNotMatch: 'Passwords do not match.',
  registrationError: 'Registration error occurred.',
  registrationPending:
    'Registration successful. An administrator must approve your account before you can log in.',
  pendingApproval: 'Your registration is awaiting approval by an administrator.',
  accountInactive:
    'Your user has been deactivated by an administrator. Please contact the house if you need access again.',
  invalidCredentials: 'Invalid username or password.',
  usernameTaken: 'That username is already taken.',

  // Forgot / reset password
  sendResetLink: 'Send Reset Link',
  sendingLink: 'Sending Link...',
  usernameRequired: 'Username is required.',
  forgotFailure: 'An error occurred. Please try again.',
  forgotSuccess:
    'If an account with that username exists and has a recovery email, a reset link has been sent.',
  resetPassword: 'Reset Password',
  resettingPassword: 'Resetting Password...',
  requestNewLink: 'Request New Link',
  backToLogin: 'Back to Login',
  proceedToLogin: 'Proceed to Login',
  resetPasswordTooShort: 'Password must be at least 6 characters long.',
  resetPasswordsDoNotMatch: 'New passwords do not match.',
  resetInvalidParams:
    'Invalid or missing password reset parameters. Please use the link from your email.',
  resetMissingParams:
    'Missing token or username. Cannot reset password. Please use the link provided in your email.',
  resetFailure:
    'Failed to reset password. The link may have expired, been used already, or the new password did not meet requirements.',
  resetSuccess: 'Your password has been reset. You can now log in with your new password.',

  // Change password / username
  passwordFieldsRequired: 'All password fields are required.',
  newPasswordsDoNotMatch: 'New password and confirm password do not match.',
  newPasswordTooShort: 'New password must be at least 6 characters long.',
  currentPasswordWrong: 'Current password is incorrect.',
  passwordChanged: 'Password changed successfully.',
  passwordChangeFailed: 'Failed to change password.',
  usernameEmpty: 'Username cannot be empty.',
  usernameSame: 'The new username must differ from the current one.',
  usernameChanged: 'Username updated successfully.',
  usernameChangeFailed: 'Failed to update username.',

  // Account assignment (admin)
  newAccountNameRequired: 'New account name is required.',
  accountMustBeSelected: 'An account must be selected or created.',
  approvalNeedsAccount: 'Assign the user to an account before approving.',
  userApproved: 'User approved.',
  userRejected: 'User rejected and removed.',
  accountAssigned: 'Account assigned.',
  pendingUsersFailed: 'Could not fetch pending users.',
  accountsListFailed: 'Could not fetch accounts list.',

  // Reservations (docs/product.md §5, §8)
  selectAtLeastOneDate: 'Please select at least one date from the calendar.',
  enterEventName: 'Please enter an Event Name.',
  enterEventDescription: 'Please enter an Event Description.',
  contiguousBlock: 'Please select a single contiguous block of dates (no gaps).',
  invalidDateRange: 'Invalid date range selected.',
  adminEditRequired: 'Event Name and Description are required.',
  userEditRequired: 'Event Name and Event Description cannot be empty.',
  reservationSubmitFailed:
    'Failed to submit reservation. A day in the selected range might be unavailable or input is invalid.',
  cancelFailed: 'Failed to cancel reservation.',
  updateFailed: 'Failed to update reservation.',
  adminUpdateFailed: 'Failed to update reservation details.',
  adminActionFailed: 'An error occurred performing the action.',
  adminReservationsFailed: 'Could not fetch reservations data.',
  reloadReservationsFailed: 'Failed to reload reservations list.',
  confirmCancelReservation: 'Are you sure you want to cancel this reservation?',
  noReservationsForFilter: 'No reservations found for this filter.',

  // Facility
  facilityLoadFailed: 'Failed to load facility information. Please try again later.',
  facilityLoadFailedAbout: 'Failed to load facility information.',

  // Profile
  accountProfileFailed: 'Could not load account profile.',
  contactUpdateFailed: 'Failed to update primary contact information.',
  accountNameUpdateFailed: 'Failed to update account name.',
  addPersonFailed: 'Failed to add responsible person.',
  removePersonFailed: 'Failed to remove responsible person.',
  responsiblePersonNameRequired: 'Please enter at least a full name for the responsible person.',

  // Payments and documents
  paymentsLoadFailed: 'Failed to load page data. Please try again later.',
  receiptNotFound: 'Receipt document not found.',
  receiptDownloadFailed: 'Could not download receipt.',
  documentsLoadFailed: 'Failed to load documents.',
  uploadFailed: 'Upload failed. Please try again.',
  deleteDocumentFailed: 'Failed to delete document. Please try again.',
  selectFileToUpload: 'Please select a file to upload.',
  enterDescription: 'Please enter a description.',
  noDocuments: 'No documents found for this account.',

  // Generic server answers (docs/architecture.md §4)
  notAuthenticated: 'You must be logged in.',
  forbidden: 'You are not allowed to do this.',
  csrfFailed: 'Invalid or missing CSRF token.',
  notFound: 'Not found.',
  invalidInput: 'Invalid input.',
  illFormedText: 'This text holds a character that is not valid Unicode; please type it again.',
  malformedJson: 'The request body is not valid JSON.',
  bodyTooLarge: 'The request body is too large.',
  unsupportedMediaType: 'Unsupported content type.',
  rateLimited: 'Too many requests. Please wait a minute and try again.',
  internalError: 'Something went wrong on our side. Please try again later.',
  loggedOutOk: 'Logged out.',
} as const;

export type MessageKey = keyof typeof messages;
