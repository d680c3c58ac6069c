import { createFileRoute } from '@tanstack/react-router';
import { REPORT_ROLES } from '../../app/roles';
import { salesSearch } from '../../features/reports/search';
import { SalesReportPage } from '../../features/reports/SalesReportPage';

export const Route = createFileRoute('/_app/sales')({
  staticData: { roles: REPORT_ROLES },
  validateSearch: salesSearch,
  component: SalesReportPage,
});
