import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { searchText } from '../../../app/search';
import { ProductsPage } from './-components/ProductsPage';

export const Route = createFileRoute('/_app/products/')({
  validateSearch: v.object({ q: searchText }),
  component: ProductsPage,
});
