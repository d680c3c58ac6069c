import { createFileRoute } from '@tanstack/react-router';
import { TaxTips } from './-components/TaxTips';

export const Route = createFileRoute('/_public/tax-tips')({
  component: TaxTips,
});
