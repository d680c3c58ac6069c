import { createFileRoute } from '@tanstack/react-router';
import { TaxTips } from './-components/TaxTips';

export const Route = createFileRoute('/_public/tax-tips')({
  // The admin API module stays out of every page's first load (the route tree holds this).
  loader: () => import('../../api/admin').then((api) => api.publishedTaxTips()),
  component: TaxTips,
});
