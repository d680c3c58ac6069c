// The errors the app words itself on the sign-in and public pages: a call that failed where the
// server could not word its answer, a session that ended, a registration form with mistakes (the
// server's answers come worded in the caller's language). They are part of the catalogue
// (domain/errors.ts) but kept apart, so that the app's first script and the first part of the
// Swahili catalog (scripts/split-catalog.mjs) hold these and not the other eighty.
import type { Message } from './i18n';

export const visitorErrorMessages = {
  refresh_invalid: /*i18n*/ { id: 'Your session has ended. Please sign in again.' },
  account_disabled: /*i18n*/ {
    id: 'Your account has been disabled. Please contact your company owner.',
  },
  company_inactive: /*i18n*/ { id: 'Your company account is not active. Please contact us.' },
  internal: /*i18n*/ { id: 'Something went wrong. Please try again.' },
  registration_failed: /*i18n*/ { id: 'Registration failed! Please check and try again!' },
} satisfies Record<string, Message>;
