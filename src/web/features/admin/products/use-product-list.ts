// The admin catalog's filters, kept in the URL, and its query, page by page.
import { useSearchParams } from 'react-router';
import { FILTER_KEYS, filtersFromParams, useAdminProducts, type AdminProductFilters } from './api';

export function useProductListQuery() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const list = useAdminProducts(filters);

  function setFilters(next: AdminProductFilters) {
    const search = new URLSearchParams();
    for (const key of FILTER_KEYS) if (next[key]) search.set(key, String(next[key]));
    setParams(search, { replace: true });
  }

  const products = list.data?.pages.flatMap((p) => p.results) ?? [];
  const count = list.data?.pages[0]?.count ?? 0;
  return { filters, setFilters, list, products, count, pagesLoaded: list.data?.pages.length ?? 0 };
}

export type ProductListQuery = ReturnType<typeof useProductListQuery>;
