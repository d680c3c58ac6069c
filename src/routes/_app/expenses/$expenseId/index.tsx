import { createFileRoute } from '@tanstack/react-router';
import { ExpensePage } from '../../../../features/expenses/ExpensePage';

export const Route = createFileRoute('/_app/expenses/$expenseId/')({
  component: ExpensePage,
});
