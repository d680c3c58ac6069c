import { createFileRoute } from '@tanstack/react-router';
import { INVOICES_REPORT_ROLES } from '../../app/roles';
import { invoicesReportSearch } from '../../features/reports/search';
import { InvoicesReportPage } from '../../features/reports/InvoicesReportPage';

export const Route = createFileRoute('/_app/invoices-report')({
  staticData: { roles: INVOICES_REPORT_ROLES },
  validateSearch: invoicesReportSearch,
  component: InvoicesReportPage,
});
