import { createFileRoute } from '@tanstack/react-router';
import { REPORT_ROLES } from '../../app/roles';
import { salesSearch } from '../../features/reports/search';
import { SalesOldPage } from '../../features/reports/SalesOldPage';

export const Route = createFileRoute('/_app/sales-old')({
  staticData: { roles: REPORT_ROLES },
  validateSearch: salesSearch,
  component: SalesOldPage,
});
