// Validation messages of spec §5, shared by forms (client) and endpoints (server).
// The id is the English text; Swahili comes from the catalog.
import type { Message } from './i18n';

export const m = {
  fieldRequired: /*i18n*/ { id: 'This field is required' },
  fieldInvalid: /*i18n*/ { id: 'This value is not valid' },
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
  organizationNameRequired: /*i18n*/ { id: 'Please enter the organization name' },
  ownerNameRequired: /*i18n*/ { id: "Please enter the owner's name" },
  organizationRequired: /*i18n*/ { id: 'Please choose an organization' },
  companyNameRequired: /*i18n*/ { id: 'Please enter the company name' },
  nameTooLong: /*i18n*/ { id: 'Name must be at most 100 characters' },
  tinInvalid: /*i18n*/ { id: 'TIN must be 9 digits' },
  vrnInvalid: /*i18n*/ { id: 'Enter a valid VRN, for example 10017937K' },
  addressRequired: /*i18n*/ { id: 'Please enter the address' },
  vfdSerialInvalid: /*i18n*/ {
    id: 'Enter the VFD serial number from TRA, for example 10TZ100781',
  },
  certificateFileRequired: /*i18n*/ { id: 'Choose the certificate file (.pfx) from TRA' },
  certificateFileTooLarge: /*i18n*/ { id: 'The certificate file must be at most 100 KB' },
  certificatePasswordRequired: /*i18n*/ { id: 'Enter the certificate password' },
  certSerialInvalid: /*i18n*/ {
    id: 'The certificate serial must be 1 to 200 printable characters',
  },
  dateInvalid: /*i18n*/ { id: 'Enter a date as YYYY-MM-DD' },
} satisfies Record<string, Message>;
