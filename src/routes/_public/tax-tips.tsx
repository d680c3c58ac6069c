import { createFileRoute } from '@tanstack/react-router';
import { publishedTaxTips } from '../../api/tax-tips';
import { TaxTips } from './-components/TaxTips';

export const Route = createFileRoute('/_public/tax-tips')({
  loader: publishedTaxTips,
  component: TaxTips,
});
