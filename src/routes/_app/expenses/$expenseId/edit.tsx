import { createFileRoute } from '@tanstack/react-router';
import { EditExpensePage } from '../../../../features/expenses/EditExpensePage';

export const Route = createFileRoute('/_app/expenses/$expenseId/edit')({
  component: EditExpensePage,
});
