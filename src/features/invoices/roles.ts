import type { Role } from '../../../domain/roles';

/** Spec §6: invoices are the work of the people inside a company. */
export const INVOICE_ROLES = ['company_owner', 'operator'] as const satisfies readonly Role[];
