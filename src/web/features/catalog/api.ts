// The catalog page's list and facet queries; the reads other pages share are in lib/catalog-api.
import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ProductDto, ProductFacetsDto } from '../../../domain/catalog';
import type { Page } from '../../../domain/page';
import { CATALOG_PAGE_SIZE } from '../../../domain/catalog-constants';
import { api, toQuery } from '../../lib/api';
import { pricedMeta, useViewer } from '../../lib/catalog-api';
import { filtersToApiQuery, type CatalogFilters } from './filters';

export const productListQuery = (viewer: string, filters: CatalogFilters) => {
  const query = filtersToApiQuery(filters);
  const url = (page: number) => `/api/products/${toQuery({ ...query, page, page_size: CATALOG_PAGE_SIZE })}`;
  return infiniteQueryOptions({
    queryKey: ['products', 'list', viewer, query],
    queryFn: ({ pageParam, signal }) => api.get<Page<ProductDto>>(url(pageParam), { signal }),
    meta: pricedMeta(url(1)),
    initialPageParam: 1,
    getNextPageParam: (last: Page<ProductDto>, pages: Page<ProductDto>[]) => (last.next ? pages.length + 1 : undefined),
  });
};

export const facetsQuery = (filters: CatalogFilters) => {
  const query = filtersToApiQuery(filters);
  delete query.ordering;
  return queryOptions({
    queryKey: ['products', 'facets', query],
    queryFn: ({ signal }) => api.get<ProductFacetsDto>(`/api/products/facets/${toQuery(query)}`, { signal }),
  });
};

export const useProductList = (filters: CatalogFilters) =>
  useInfiniteQuery({ ...productListQuery(useViewer(), filters), placeholderData: keepPreviousData });

export const useFacets = (filters: CatalogFilters) => useQuery({ ...facetsQuery(filters), placeholderData: keepPreviousData });
