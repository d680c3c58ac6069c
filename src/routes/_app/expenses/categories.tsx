import { createFileRoute } from '@tanstack/react-router';
import { CategoriesPage } from '../../../features/expenses/CategoriesPage';

export const Route = createFileRoute('/_app/expenses/categories')({
  component: CategoriesPage,
});
