import { createFileRoute } from '@tanstack/react-router';
import { OperatorsScreen } from '../../features/operators/screens';

// Organization layout (spec §2): the people of every company the admin reaches.
export const Route = createFileRoute('/_app/operators')({
  staticData: { roles: ['platform_admin', 'org_admin'] },
  component: OperatorsScreen,
});
