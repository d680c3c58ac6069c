import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { ChooseCompanyPage } from '../../features/admin/ChooseCompanyPage';

export const Route = createFileRoute('/_app/choose-company')({
  staticData: { roles: ['platform_admin', 'org_admin'] },
  validateSearch: v.object({ next: v.optional(v.pipe(v.string(), v.maxLength(2000))) }),
  component: function ChooseCompanyRoute() {
    const { next } = Route.useSearch();
    return <ChooseCompanyPage next={next} />;
  },
});
