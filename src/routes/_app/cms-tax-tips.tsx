import { createFileRoute } from '@tanstack/react-router';
import { TaxTipsCmsPage } from '../../features/content/TaxTipsCmsPage';

// Organization layout (spec §2): the tax tips CMS.
export const Route = createFileRoute('/_app/cms-tax-tips')({
  staticData: { roles: ['platform_admin', 'org_admin'] },
  component: TaxTipsCmsPage,
});
