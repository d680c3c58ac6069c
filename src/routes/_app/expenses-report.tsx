import { createFileRoute } from '@tanstack/react-router';
import { COMPANY_ROLES } from '../../app/roles';
import { ExpensesReportPage } from '../../features/expenses/ExpensesReportPage';
import { expenseReportSearch } from '../../features/expenses/search';

export const Route = createFileRoute('/_app/expenses-report')({
  staticData: { roles: COMPANY_ROLES },
  validateSearch: expenseReportSearch,
  component: ExpensesReportPage,
});
