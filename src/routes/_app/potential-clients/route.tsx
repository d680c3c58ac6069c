import { createFileRoute } from '@tanstack/react-router';

// Admin layout (spec §2): registration requests are the platform admin's.
export const Route = createFileRoute('/_app/potential-clients')({
  staticData: { roles: ['platform_admin'] },
});
