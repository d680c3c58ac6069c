// Finding products by name as people type: for the products list and for the invoice editor's
// item line (ProductPicker).
import { useMemo } from 'react';
import { productNameKey } from '../../../domain/schemas/product';
import type { LocalProduct } from '../../db/db';
import { useProducts } from '../../db/useProducts';

/** Every typed word must appear in the name, without regard to case or spacing. */
export function productMatcher(search: string): (product: LocalProduct) => boolean {
  const words = productNameKey(search).split(' ').filter(Boolean);
  return (product) => words.every((word) => product.nameKey.includes(word));
}

/**
 * Up to `limit` of the company's products matching `search`: names that start with it first,
 * then the others, each in name order. Undefined while loading.
 */
export function useProductMatches(
  companyId: string | null,
  search: string,
  limit = 8,
): LocalProduct[] | undefined {
  const products = useProducts(companyId);
  return useMemo(() => {
    if (!products) return undefined;
    const key = productNameKey(search);
    const matches = products.filter(productMatcher(search));
    const starting = matches.filter((product) => product.nameKey.startsWith(key));
    const others = matches.filter((product) => !product.nameKey.startsWith(key));
    return [...starting, ...others].slice(0, limit);
  }, [products, search, limit]);
}
