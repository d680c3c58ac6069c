// The app's navigation, in one place: a page appears in the menu of the roles it lists (or of
// every signed-in user when it lists none). Later features add their entries here.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  IconFileInvoice,
  IconFilePlus,
  IconLayoutDashboard,
  IconPackage,
  IconUserCircle,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import type { Role } from '../../../domain/roles';
import type { FileRouteTypes } from '../../routeTree.gen';
import { COMPANY_ROLES } from '../roles';

export interface NavItem {
  to: FileRouteTypes['to'];
  label: MessageDescriptor;
  icon: Icon;
  roles?: readonly Role[];
}

export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/dashboard', label: msg`Dashboard`, icon: IconLayoutDashboard },
  { to: '/invoices', label: msg`Invoices`, icon: IconFileInvoice, roles: COMPANY_ROLES },
  { to: '/new-invoice', label: msg`New invoice`, icon: IconFilePlus, roles: COMPANY_ROLES },
  { to: '/customers', label: msg`Customers`, icon: IconUsers, roles: COMPANY_ROLES },
  { to: '/products', label: msg`Products and services`, icon: IconPackage, roles: COMPANY_ROLES },
  { to: '/profile', label: msg`Profile`, icon: IconUserCircle },
];

export function navFor(role: Role, items: readonly NavItem[] = NAV_ITEMS): NavItem[] {
  return items.filter((item) => !item.roles || item.roles.includes(role));
}
