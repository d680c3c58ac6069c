// The accounting integrations (Xero and QuickBooks Online): what the server answers about a
// company's connections, and the reasons an invoice of the accounting package was not imported.
// Shared by the server (which stores the reason codes) and the app (which shows them).
import type { Message } from './i18n';

export const INTEGRATION_PROVIDERS = ['xero', 'quickbooks'] as const;
export type IntegrationProvider = (typeof INTEGRATION_PROVIDERS)[number];

export function isIntegrationProvider(value: unknown): value is IntegrationProvider {
  return typeof value === 'string' && (INTEGRATION_PROVIDERS as readonly string[]).includes(value);
}

export const integrationProviderNames: Record<IntegrationProvider, string> = {
  xero: 'Xero',
  quickbooks: 'QuickBooks',
};

/** The variables that turn a provider on, named on the page for the administrator. */
export const integrationVariables: Record<IntegrationProvider, readonly string[]> = {
  xero: ['XERO_CLIENT_ID', 'XERO_CLIENT_SECRET'],
  quickbooks: ['QUICKBOOKS_CLIENT_ID', 'QUICKBOOKS_CLIENT_SECRET'],
};

export const SKIP_REASONS = [
  'currency',
  'tax',
  'line',
  'invalid',
  'empty',
  'submitted',
  'canceled',
] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

export const skipReasonLabels: Record<SkipReason, Message> = {
  currency: /*i18n*/ { id: 'Not in Tanzanian shillings (TZS)' },
  tax: /*i18n*/ { id: 'A tax rate Risiti cannot use (only VAT 18%, zero rated and exempt)' },
  line: /*i18n*/ {
    id: 'A line Risiti cannot show exactly (amount, quantity or discount)',
  },
  invalid: /*i18n*/ { id: 'Details Risiti cannot accept' },
  empty: /*i18n*/ { id: 'No lines to invoice' },
  submitted: /*i18n*/ { id: 'Already submitted to TRA in Risiti, so not changed' },
  canceled: /*i18n*/ { id: 'Canceled in Risiti, so not changed' },
};

/** At most this many skipped invoices are listed with their reason; all are counted. */
export const SKIPPED_LISTED = 20;

export interface SkippedInvoice {
  /** The invoice number in the accounting package. */
  number: string;
  reason: SkipReason;
}

export interface ImportSummary {
  /** New Risiti drafts. */
  imported: number;
  /** Drafts brought up to date with the accounting package. */
  updated: number;
  /** Seen again with nothing changed. */
  unchanged: number;
  skipped: number;
  /** The import stopped at its bound; the rest comes with the next import. */
  more: boolean;
}

export interface IntegrationStatus {
  provider: IntegrationProvider;
  /** The server has the provider's client id and secret. */
  configured: boolean;
  connected: boolean;
  organisationName: string | null;
  connectedBy: string | null;
  connectedAt: string | null;
  lastImportAt: string | null;
  lastImport: ImportSummary | null;
  skipped: SkippedInvoice[];
  /** The last failure, in the reader's language, until an import succeeds. */
  lastError: { code: string; message: string; at: string } | null;
}

export const integrationMessages = {
  integration_not_configured: /*i18n*/ {
    id: '{provider} is not set up on this server. The administrator sets {variables}.',
  },
  integration_not_connected: /*i18n*/ { id: '{provider} is not connected to this company.' },
  integration_state_invalid: /*i18n*/ {
    id: 'This return from {provider} is no longer valid. Please connect again.',
  },
  integration_unreachable: /*i18n*/ {
    id: '{provider} could not be reached. Please try again later.',
  },
  integration_refused: /*i18n*/ {
    id: '{provider} refused the connection. Please connect again.',
  },
  integration_unreadable: /*i18n*/ {
    id: '{provider} gave an answer Risiti cannot read. Please try again later.',
  },
  integration_no_organisation: /*i18n*/ {
    id: 'No organisation was chosen in {provider}. Please connect again and choose one.',
  },
  integration_busy: /*i18n*/ {
    id: 'An import from {provider} is already running. Please wait a moment.',
  },
  integration_company_blocked: /*i18n*/ {
    id: 'Invoices cannot be imported while TRA blocks this company.',
  },
} satisfies Record<string, Message>;
export type IntegrationErrorCode = keyof typeof integrationMessages;
