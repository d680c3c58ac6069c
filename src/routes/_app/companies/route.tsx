import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/companies')({
  staticData: { roles: ['platform_admin', 'org_admin'] },
});
