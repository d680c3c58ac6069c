import { createFileRoute } from '@tanstack/react-router';
import { ExpensesPage } from '../../../features/expenses/ExpensesPage';
import { expenseListSearch } from '../../../features/expenses/search';

export const Route = createFileRoute('/_app/expenses/')({
  validateSearch: expenseListSearch,
  component: ExpensesPage,
});
