import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { searchText } from '../../../app/search';
import { ProductsPage } from '../../../features/products/ProductsPage';

export const Route = createFileRoute('/_app/products/')({
  validateSearch: v.object({ q: searchText }),
  component: ProductsPage,
});
