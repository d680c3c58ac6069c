// Error codes shared by server and clients. The server answers {code, message, fields?};
// the message is the translation of the descriptor below into the user's language.
import type { Message } from './i18n';
import { visitorErrorMessages } from './visitor-errors';

export const errorMessages = {
  validation_failed: /*i18n*/ { id: 'Please check the highlighted fields' },
  invalid_credentials: /*i18n*/ { id: 'Invalid credentials' },
  rate_limited: /*i18n*/ {
    id: 'Too many attempts. Please wait {minutes, plural, one {# minute} other {# minutes}} and try again.',
  },
  unauthorized: /*i18n*/ { id: 'Please sign in to continue' },
  token_expired: /*i18n*/ { id: 'Expired JWT Token' },
  token_invalid: /*i18n*/ { id: 'Invalid JWT Token' },
  ...visitorErrorMessages,
  forbidden: /*i18n*/ { id: 'You do not have permission to do this' },
  not_found: /*i18n*/ { id: 'Not found' },
  conflict: /*i18n*/ { id: 'This record was changed by someone else. Please reload it.' },
  bad_request: /*i18n*/ { id: 'The request could not be understood' },
  payload_too_large: /*i18n*/ { id: 'The request is too large' },
  current_password_invalid: /*i18n*/ { id: 'Current password invalid!' },
  password_change_failed: /*i18n*/ { id: 'Password change failed. Please try again.' },
  otp_incorrect: /*i18n*/ { id: 'Incorrect OTP. Please check the code and try again.' },
  otp_incorrect_last: /*i18n*/ {
    id: 'Incorrect OTP again. You have one attempt left before the code is blocked.',
  },
  otp_expired: /*i18n*/ { id: 'OTP has been expired' },
  otp_attempts_exceeded: /*i18n*/ { id: 'You have exceeded the maximum attempts (3)' },
  reset_failed: /*i18n*/ { id: 'Password reset failed. Please start the recovery again.' },
  company_blocked: /*i18n*/ {
    id: 'Your account has been blocked by TRA. Please contact us for more details.',
  },
  password_change_required: /*i18n*/ { id: 'Please change your password to continue' },
  email_taken: /*i18n*/ { id: 'The email is already registered!' },
  username_taken: /*i18n*/ { id: 'This username is already taken' },
  idempotency_mismatch: /*i18n*/ {
    id: 'This request was already sent with different content',
  },
  vfd_serial_taken: /*i18n*/ { id: 'This VFD serial is already used by another company' },
  vfd_identity_locked: /*i18n*/ {
    id: 'TIN and VFD serial cannot be changed after the VFD is registered with TRA',
  },
  certificate_not_pkcs12: /*i18n*/ { id: 'This file is not a PFX (PKCS#12) certificate' },
  certificate_wrong_password: /*i18n*/ { id: 'The certificate password is wrong' },
  certificate_no_key: /*i18n*/ { id: 'The certificate file holds no private key' },
  certificate_not_rsa: /*i18n*/ { id: 'The certificate key is not an RSA key' },
  certificate_key_mismatch: /*i18n*/ {
    id: 'The private key in the file does not belong to its certificate',
  },
  certificate_expired: /*i18n*/ { id: 'The certificate expired on {date}' },
  certificate_not_yet_valid: /*i18n*/ { id: 'The certificate is only valid from {date}' },
  tra_registration_refused: /*i18n*/ { id: 'TRA refused the registration: {message}' },
  tra_unreachable: /*i18n*/ { id: 'TRA could not be reached. Please try again later.' },
  vfd_not_registered: /*i18n*/ {
    id: 'This company has no VFD registered with TRA yet. Upload its certificate first.',
  },
  simulator_only: /*i18n*/ {
    id: 'Test certificates can only be made while Risiti uses its built-in TRA simulator',
  },
  invoice_totals_mismatch: /*i18n*/ { id: 'The invoice totals do not add up: {detail}' },
  z_report_date_invalid: /*i18n*/ {
    id: 'A Z report can only be made for a past day on which the VFD was registered',
  },
  idempotency_in_progress: /*i18n*/ {
    id: 'This request is still being processed. Please try again in a moment.',
  },
  idempotency_key_invalid: /*i18n*/ {
    id: 'The Idempotency-Key header must be 1 to 255 visible characters',
  },
  cursor_invalid: /*i18n*/ {
    id: 'The sync position is not valid. Please sync again from the start.',
  },
  customer_not_found: /*i18n*/ { id: 'Customer not found' },
  customer_id_duplicated: /*i18n*/ { id: 'Customer identification number duplicated' },
  customer_vrn_duplicated: /*i18n*/ { id: 'Customer VAT registration number duplicated' },
  customer_already_registered: /*i18n*/ { id: 'Customer already registered' },
  customer_has_invoices: /*i18n*/ {
    id: 'This customer has invoices and cannot be deleted',
  },
  product_not_found: /*i18n*/ { id: 'Product not found' },
  product_name_duplicated: /*i18n*/ { id: 'A product with this name already exists' },
  product_in_use: /*i18n*/ { id: 'This product is used on invoices and cannot be deleted' },
  record_deleted: /*i18n*/ { id: 'This record was deleted and cannot be saved again' },
  record_changed: /*i18n*/ {
    id: 'Someone else changed this record in the meantime. Choose which version to keep.',
  },
  invoice_locked: /*i18n*/ {
    id: 'This invoice has been submitted and can no longer be changed',
  },
  invoice_not_found: /*i18n*/ { id: 'Invoice not found' },
  invoice_not_saved: /*i18n*/ { id: 'Invoice not saved' },
  invoice_not_updated: /*i18n*/ { id: 'Invoice not updated' },
  invoice_missing_data: /*i18n*/ { id: 'This Invoice can`t be send, missing data' },
  invoice_tra_error: /*i18n*/ { id: 'There an error sending the invoice to TRA' },
  invoice_email_failed: /*i18n*/ {
    id: 'The invoice could not be emailed. Please check the customer email and try again.',
  },
  invoice_customer_email_missing: /*i18n*/ {
    id: 'This customer has no valid email. Please check the customer email.',
  },
  invoice_not_draft: /*i18n*/ { id: 'Only a draft invoice can be canceled' },
  invoice_canceled: /*i18n*/ { id: 'This invoice was canceled and can no longer be sent' },
  product_not_saved: /*i18n*/ {
    id: 'Please save the product first before submitting the invoice',
  },
  vfd_not_ready: /*i18n*/ {
    id: 'This company cannot issue receipts yet: its TRA certificate is not registered',
  },
  expense_locked: /*i18n*/ { id: 'Only a pending expense can be changed' },
  /** The notification; the receiptCode field says 'This receipt code is already registered'. */
  expense_receipt_taken: /*i18n*/ { id: 'Conflict. Code already registered.' },
  expense_not_found: /*i18n*/ { id: 'Expense not found' },
  expense_incomplete: /*i18n*/ {
    id: 'Enter the receipt details before marking the expense processed',
  },
  expense_already_read: /*i18n*/ {
    id: 'This receipt has been read already. Edit the expense instead.',
  },
  vendor_not_found: /*i18n*/ { id: 'Vendor not found' },
  category_not_found: /*i18n*/ { id: 'Category not found' },
  attachment_not_found: /*i18n*/ { id: 'File not found' },
  attachment_replaced: /*i18n*/ {
    id: 'Another file was already stored under this name. Attach it again.',
  },
  category_code_taken: /*i18n*/ { id: 'Conflict. Code already registered.' },
  vendor_taken: /*i18n*/ { id: 'Conflict. Tax Number or Serial already registered.' },
  attachment_too_large: /*i18n*/ { id: 'The file is too large. The maximum is 5 MB.' },
  attachment_type: /*i18n*/ { id: 'Only PDF, PNG or JPG files are accepted' },
  receipt_processing_failed: /*i18n*/ {
    id: 'The receipt could not be read. Check the code and time, or enter the expense by hand.',
  },
  operator_email_taken: /*i18n*/ { id: 'Operator email already registered' },
  company_certificate_failed: /*i18n*/ { id: 'Company created, but PFX file upload failed.' },
  company_creation_failed: /*i18n*/ {
    id: 'The company could not be created. Please check and try again.',
  },
  potential_client_closed: /*i18n*/ {
    id: 'This registration request has already been dealt with',
  },
  operator_company_required: /*i18n*/ {
    id: 'Choose a company of the organization',
  },
  ai_unavailable: /*i18n*/ { id: 'AI insights are not set up on this server' },
  ai_consent_required: /*i18n*/ { id: 'Please agree to AI processing of your data first' },
  ai_rate_limited: /*i18n*/ { id: 'Too many requests' },
  ai_daily_limit: /*i18n*/ { id: 'Daily AI request limit reached, try again tomorrow' },
  ai_failed: /*i18n*/ { id: 'The AI analysis failed. Please try again.' },
} satisfies Record<string, Message>;

export type ErrorCode = keyof typeof errorMessages;

/** The JSON body of every error answer. */
export interface ErrorBody {
  code: ErrorCode | (string & {});
  message: string;
  /** Field name (dotted path for nested fields) → translated message. */
  fields?: Record<string, string>;
  /** With `record_changed`: the record as the server holds it now. */
  current?: unknown;
}
