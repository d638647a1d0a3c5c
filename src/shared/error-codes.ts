/**
 * Every `code` an error answer of the API can carry (`{message, code}`), with the status it usually comes with. Clients branch on these, never on message text; a code once shipped
 * keeps its meaning. docs/errors.md lists them for people.
 */
export const ERROR_CODES = {
  // 400: the request itself is wrong
  bad_request: 400,
  validation_failed: 400,
  invalid_json: 400,
  invalid_range: 400,
  start_in_past: 400,
  beyond_horizon: 400,
  username_unchanged: 400,
  wrong_password: 400,
  reset_failed: 400,
  bad_signature: 400,
  link_expired: 400,
  bad_multipart: 400,
  file_missing: 400,
  description_missing: 400,
  account_missing: 400,
  amount_mismatch: 400,
  refund_too_large: 400,
  refund_reason_required: 400,
  card_number: 400,
  card_expiry: 400,
  card_cvc: 400,
  /** Guests below 1 or over the house's maximum. */
  invalid_guests: 400,
  /** A meal plan the house does not offer. */
  unknown_meal_plan: 400,
  // 401, 402, 403
  unauthenticated: 401,
  invalid_credentials: 401,
  card_declined: 402,
  forbidden: 403,
  admin_required: 403,
  csrf_failed: 403,
  pending_approval: 403,
  /** An administrator has deactivated the user: login is refused until they reactivate them. */
  account_inactive: 403,
  // 404
  not_found: 404,
  /** The user belongs to no church yet (profile, history, uploads). */
  no_account: 404,
  /** A church named in the body (not the path) does not exist. */
  account_not_found: 404,
  // 409: the request is fine but the state does not allow it
  conflict: 409,
  days_taken: 409,
  transition_not_allowed: 409,
  username_taken: 409,
  account_name_taken: 409,
  already_approved: 409,
  /** The change would leave no active administrator. */
  last_admin: 409,
  /** The user's registration waits for approval: approve (or reject) it instead. */
  registration_pending: 409,
  account_required: 409,
  not_pending: 409,
  not_payable: 409,
  nothing_owed: 409,
  document_is_record: 409,
  /** The deposit was asked for a stay that has money paid already. */
  deposit_already_paid: 409,
  /** The house's facility agreement must be accepted for the stay before a payment. */
  agreement_required: 409,
  agreement_already_accepted: 409,
  /** The final count can no longer be changed by the member (its due day has passed). */
  final_count_closed: 409,
  /** The stay is not approved yet. */
  not_approved: 409,
  /** A cancelled or rejected stay takes no attendees. */
  not_holding: 409,
  /** The stay has as many attendees as the house takes guests. */
  attendees_full: 409,
  /** A closure over holding reservations; `reservations` names them. */
  closure_over_reservations: 409,
  already_closed: 409,
  // 412: the request names a state that is no longer current
  /** A content edit or revert whose If-Match names an older version (docs/site-content.md); `version`, `changedBy`, `changedAt` say which is current. */
  content_changed: 412,
  // 413, 415, 429, 5xx
  body_too_large: 413,
  unsupported_media_type: 415,
  not_pdf: 415,
  /** A content image that is not a JPEG, PNG or WebP by its bytes (docs/site-content.md). */
  not_image: 415,
  rate_limited: 429,
  internal_error: 500,
  payment_provider_failed: 502,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.prototype.hasOwnProperty.call(ERROR_CODES, value);
