// The counter's shortcuts. One list, so a new action (adding an expense, scanning a receipt)
// is one entry here.
import { Group } from '@mantine/core';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { IconFileInvoice, IconFilePlus, IconReportMoney, type Icon } from '@tabler/icons-react';
import type { FileRouteTypes } from '../../routeTree.gen';
import { ButtonLink } from '../../app/links';

export interface QuickAction {
  to: FileRouteTypes['to'];
  label: MessageDescriptor;
  icon: Icon;
  /** The first action is the main one; the others are lighter. */
  tour?: string;
}

export const QUICK_ACTIONS: readonly QuickAction[] = [
  { to: '/new-invoice', label: msg`New invoice`, icon: IconFilePlus, tour: 'new-invoice' },
  { to: '/invoices', label: msg`Invoices`, icon: IconFileInvoice, tour: 'invoices' },
  { to: '/sales', label: msg`Sales report`, icon: IconReportMoney },
];

export function QuickActions({ actions = QUICK_ACTIONS }: { actions?: readonly QuickAction[] }) {
  const { i18n } = useLingui();
  return (
    <Group gap="sm" data-testid="quick-actions">
      {actions.map((action, index) => (
        <ButtonLink
          key={action.to}
          to={action.to}
          size="md"
          variant={index === 0 ? 'filled' : 'light'}
          leftSection={<action.icon size={20} />}
          data-tour={action.tour}
        >
          {i18n._(action.label)}
        </ButtonLink>
      ))}
    </Group>
  );
}
