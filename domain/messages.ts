// Validation messages of spec §5, shared by forms (client) and endpoints (server): the common
// ones, and those of accounts, passwords and the contact form, which the pages before sign-in
// show (the business's records have theirs in domain/record-messages.ts). The id is the English
// text; Swahili comes from the catalog.
import type { Message } from './i18n';

export const m = {
  fieldRequired: /*i18n*/ { id: 'This field is required' },
  fieldInvalid: /*i18n*/ { id: 'This value is not valid' },
  textUnsavable: /*i18n*/ { id: 'This text contains characters that cannot be saved' },
  searchTooLong: /*i18n*/ { id: 'Search for at most 100 characters' },
  usernameRequired: /*i18n*/ { id: 'Username is required' },
  passwordRequired: /*i18n*/ { id: 'Password is required' },
  emailInvalid: /*i18n*/ { id: 'Valid email required' },
  emailTooLong: /*i18n*/ { id: 'Email must be at most 50 characters' },
  emailConfirmMismatch: /*i18n*/ { id: 'The email confirmation does not match' },
  phoneInvalid: /*i18n*/ { id: 'Please enter a valid phone number' },
  firstNameLength: /*i18n*/ { id: 'First name must be 3 to 50 characters' },
  lastNameLength: /*i18n*/ { id: 'Last name must be 3 to 50 characters' },
  currentPasswordRequired: /*i18n*/ { id: 'Current password is required' },
  newPasswordRequired: /*i18n*/ { id: 'New password is required' },
  passwordLength: /*i18n*/ { id: 'Password must be 6 to 20 characters' },
  passwordStrength: /*i18n*/ {
    id: 'Password needs a capital letter, a small letter, a digit and a special character',
  },
  passwordMismatch: /*i18n*/ { id: 'Passwords do not match' },
  otpFormat: /*i18n*/ { id: 'Enter the 6-digit code' },
  verificationRequired: /*i18n*/ { id: 'The recovery link is incomplete. Please start again.' },
  languageInvalid: /*i18n*/ { id: 'Choose English or Kiswahili' },
  fullNameRequired: /*i18n*/ { id: 'Please enter your full name' },
  fullNameLength: /*i18n*/ { id: 'Full name must be at most 100 characters' },
  contactMessageRequired: /*i18n*/ { id: 'Please write your message' },
  contactMessageLength: /*i18n*/ { id: 'Message must be at most 2000 characters' },
} satisfies Record<string, Message>;
