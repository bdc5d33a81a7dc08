// The catalog page's list and facet queries; the reads other pages share are in lib/catalog-api.
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ProductDto, ProductFacetsDto } from '../../../domain/catalog';
import type { Page } from '../../../domain/page';
import { CATALOG_PAGE_SIZE } from '../../../domain/catalog-constants';
import { api, toQuery } from '../../lib/api';
import { useViewer } from '../../lib/catalog-api';
import { filtersToApiQuery, type CatalogFilters } from './filters';

export function useProductList(filters: CatalogFilters) {
  const viewer = useViewer();
  const query = filtersToApiQuery(filters);
  return useInfiniteQuery({
    queryKey: ['products', 'list', viewer, query],
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<ProductDto>>(`/api/products/${toQuery({ ...query, page: pageParam, page_size: CATALOG_PAGE_SIZE })}`, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.next ? pages.length + 1 : undefined),
    placeholderData: keepPreviousData,
  });
}

export function useFacets(filters: CatalogFilters) {
  const query = filtersToApiQuery(filters);
  delete query.ordering;
  return useQuery({
    queryKey: ['products', 'facets', query],
    queryFn: ({ signal }) => api.get<ProductFacetsDto>(`/api/products/facets/${toQuery(query)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
