import { createFileRoute } from '@tanstack/react-router';
import { NewExpensePage } from '../../../features/expenses/NewExpensePage';
import { newExpenseSearch } from '../../../features/expenses/search';

export const Route = createFileRoute('/_app/expenses/new')({
  validateSearch: newExpenseSearch,
  component: NewExpensePage,
});
