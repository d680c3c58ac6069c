import { createFileRoute } from '@tanstack/react-router';
import { NewProductPage } from './-components/NewProductPage';

export const Route = createFileRoute('/_app/products/new')({
  component: NewProductPage,
});
