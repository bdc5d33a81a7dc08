// The header search's suggestions: from MIN_SEARCH_CHARS characters, once the typing pauses, up to
// MAX_SUGGESTIONS available products by name or brand.
import { useQuery } from '@tanstack/react-query';
import type { ProductDto } from '../../domain/catalog';
import type { Page } from '../../domain/page';
import { api, toQuery } from '../lib/api';
import { useDebouncedValue } from '../lib/use-debounced-value';

export const MIN_SEARCH_CHARS = 2;
const MAX_SUGGESTIONS = 5;
const DEBOUNCE_MS = 250;

export function useSearchSuggestions(text: string) {
  const term = useDebouncedValue(text.trim(), DEBOUNCE_MS);
  const enabled = term.length >= MIN_SEARCH_CHARS;
  const { data: suggestions = [], isFetching } = useQuery({
    queryKey: ['products', 'suggestions', term],
    queryFn: ({ signal }) =>
      api
        .get<Page<ProductDto>>(`/api/products/${toQuery({ search: term, page_size: MAX_SUGGESTIONS })}`, { signal })
        .then((page) => page.results.filter((p) => p.available !== false).slice(0, MAX_SUGGESTIONS)),
    enabled,
    staleTime: 60_000,
  });
  /** `term`: the text the suggestions are for; `enabled`: whether it is long enough to ask. */
  return { term, enabled, suggestions, isFetching };
}
