import { createFileRoute } from '@tanstack/react-router';
import { UserManualPage } from '../../../features/manual/UserManualPage';

// Spec §2: the user manual needs a login.
export const Route = createFileRoute('/_app/help/user-manual')({
  component: UserManualPage,
});
