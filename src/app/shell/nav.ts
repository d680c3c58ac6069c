// The app's navigation, in one place: a page appears in the menu of the roles it lists (or of
// every signed-in user when it lists none); a company page only while the user works in a
// company (their own, or the one an admin chose in the switcher).
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  IconApi,
  IconBook,
  IconBuilding,
  IconBuildingStore,
  IconBulb,
  IconCash,
  IconDeviceMobile,
  IconDialpad,
  IconFileInvoice,
  IconFilePlus,
  IconLayoutDashboard,
  IconChartBar,
  IconPackage,
  IconPlugConnected,
  IconReceipt2,
  IconReceiptRefund,
  IconRocket,
  IconSpeakerphone,
  IconReportAnalytics,
  IconUserCircle,
  IconUserPlus,
  IconUsers,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';
import type { Role } from '../../../domain/roles';
import type { FileRouteTypes } from '../../routeTree.gen';
import { COMPANY_ROLES, INVOICES_REPORT_ROLES, REPORT_ROLES } from '../roles';

export interface NavItem {
  to: FileRouteTypes['to'];
  label: MessageDescriptor;
  icon: Icon;
  roles?: readonly Role[];
  /** Shown only while the user works in a company. */
  company?: boolean;
}

const ADMINS = ['platform_admin', 'org_admin'] as const satisfies readonly Role[];
const OWNER = ['company_owner'] as const satisfies readonly Role[];
/** Those who connect the business's own systems; every signed-in user may open the pages. */
const API_DOC_ROLES = [
  'company_owner',
  'org_admin',
  'platform_admin',
] as const satisfies readonly Role[];

export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/dashboard', label: msg`Dashboard`, icon: IconLayoutDashboard },
  { to: '/welcome', label: msg`First steps`, icon: IconRocket, roles: OWNER },
  { to: '/invoices', label: msg`Invoices`, icon: IconFileInvoice, company: true },
  { to: '/new-invoice', label: msg`New invoice`, icon: IconFilePlus, company: true },
  { to: '/customers', label: msg`Customers`, icon: IconUsers, company: true },
  { to: '/products', label: msg`Products and services`, icon: IconPackage, company: true },
  {
    to: '/expenses',
    label: msg`Expenses`,
    icon: IconReceipt2,
    roles: COMPANY_ROLES,
    company: true,
  },
  {
    to: '/vendors',
    label: msg`Vendors`,
    icon: IconBuildingStore,
    roles: COMPANY_ROLES,
    company: true,
  },
  {
    to: '/expenses-report',
    label: msg`Expenses report`,
    icon: IconChartBar,
    roles: COMPANY_ROLES,
    company: true,
  },
  { to: '/sales', label: msg`Sales report`, icon: IconChartBar, roles: REPORT_ROLES },
  {
    to: '/invoices-report',
    label: msg`Invoices report`,
    icon: IconReportAnalytics,
    roles: INVOICES_REPORT_ROLES,
  },
  { to: '/company', label: msg`Company`, icon: IconBuildingStore, roles: OWNER },
  { to: '/operator', label: msg`Operators`, icon: IconUsersGroup, roles: OWNER },
  {
    to: '/users',
    label: msg`Users`,
    icon: IconUsersGroup,
    roles: ADMINS,
    company: true,
  },
  {
    to: '/potential-clients',
    label: msg`Potential clients`,
    icon: IconUserPlus,
    roles: ['platform_admin'],
  },
  { to: '/organizations', label: msg`Organizations`, icon: IconBuilding, roles: ADMINS },
  { to: '/companies', label: msg`Companies`, icon: IconBuildingStore, roles: ADMINS },
  { to: '/operators', label: msg`Operators`, icon: IconUsersGroup, roles: ADMINS },
  {
    to: '/receipt-reissuing',
    label: msg`Receipt reissuing`,
    icon: IconReceiptRefund,
    roles: ADMINS,
  },
  { to: '/cms-tax-tips', label: msg`Tax tips`, icon: IconBulb, roles: ADMINS },
  { to: '/payment', label: msg`Payment`, icon: IconCash },
  { to: '/updates', label: msg`What is new`, icon: IconSpeakerphone },
  { to: '/help/user-manual', label: msg`User manual`, icon: IconBook },
  // Only owners and operators record sales by USSD; the guide is theirs.
  { to: '/ussd', label: msg`USSD channel`, icon: IconDeviceMobile, roles: COMPANY_ROLES },
  { to: '/auth-ussd', label: msg`USSD PIN`, icon: IconDialpad, roles: COMPANY_ROLES },
  {
    to: '/developer/documentation/api/auth',
    label: msg`API documentation`,
    icon: IconApi,
    roles: API_DOC_ROLES,
  },
  // Those who connect the business's accounting package, for the company they work in.
  {
    to: '/apps-integration',
    label: msg`Apps integration`,
    icon: IconPlugConnected,
    roles: API_DOC_ROLES,
    company: true,
  },
  { to: '/profile', label: msg`Profile`, icon: IconUserCircle },
];

export function navFor(
  role: Role,
  inCompany: boolean,
  items: readonly NavItem[] = NAV_ITEMS,
): NavItem[] {
  return items.filter(
    (item) => (!item.roles || item.roles.includes(role)) && (!item.company || inCompany),
  );
}
