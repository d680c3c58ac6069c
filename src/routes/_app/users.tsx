import { createFileRoute } from '@tanstack/react-router';
import { UsersScreen } from '../../features/operators/screens';

// The users of the company worked in: its owner, or an admin in the company they chose.
export const Route = createFileRoute('/_app/users')({
  staticData: { roles: ['company_owner', 'org_admin', 'platform_admin'], company: true },
  component: UsersScreen,
});
