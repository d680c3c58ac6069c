import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { Role } from '../../domain/roles';

export const roleLabels: Record<Role, MessageDescriptor> = {
  platform_admin: msg`Platform admin`,
  org_admin: msg`Organization admin`,
  company_owner: msg`Company owner`,
  operator: msg`Operator`,
};

/** Spec §6: the people who work inside one company (invoices, customers, products …). */
export const COMPANY_ROLES = ['company_owner', 'operator'] as const satisfies readonly Role[];

/** Spec §6: who reads the sales report (operators and owners of a company, organization admins). */
export const REPORT_ROLES = [
  'company_owner',
  'operator',
  'org_admin',
] as const satisfies readonly Role[];

/** Spec §6: invoices across companies, for company owners and organization admins. */
export const INVOICES_REPORT_ROLES = [
  'company_owner',
  'org_admin',
] as const satisfies readonly Role[];
