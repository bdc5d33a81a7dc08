// Header search with live suggestions (spec storefront §2 header): from 2 characters, up to 5
// products by name or brand, each linking to the product; 'Ver todos los resultados' opens the
// catalogue with the text, keeping the categories and banks currently chosen there.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { Page, ProductDto } from '../../domain/catalog';
import { thumbImage } from '../../domain/images';
import { api, toQuery } from '../lib/api';
import { SearchIcon } from './ui/icons';
import { FALLBACK_IMAGE } from './site';

const MIN_CHARS = 2;
const MAX_SUGGESTIONS = 5;
const DEBOUNCE_MS = 250;
// spec storefront §9: header search blur delay 200 ms (lets a click on a suggestion land).
const BLUR_DELAY_MS = 200;
const KEPT_PARAMS = ['category', 'categories', 'bank', 'banks'];

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

interface SearchBoxProps {
  /** Focus the input when shown (mobile toggle). */
  autoFocus?: boolean;
  onNavigate?(): void;
}

export function SearchBox({ autoFocus, onNavigate }: SearchBoxProps) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const blurTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const listId = useId();
  const inputId = useId();
  const navigate = useNavigate();
  const location = useLocation();

  const term = useDebounced(text.trim(), DEBOUNCE_MS);
  const enabled = term.length >= MIN_CHARS;
  const { data: suggestions = [], isFetching } = useQuery({
    queryKey: ['products', 'suggestions', term],
    queryFn: ({ signal }) =>
      api
        .get<Page<ProductDto>>(`/api/products/${toQuery({ search: term, page_size: MAX_SUGGESTIONS })}`, { signal })
        .then((page) => page.results.filter((p) => p.available !== false).slice(0, MAX_SUGGESTIONS)),
    enabled,
    staleTime: 60_000,
  });

  useEffect(() => () => clearTimeout(blurTimer.current), []);
  useEffect(() => setActive(-1), [term]);

  const allResultsHref = () => {
    const params = new URLSearchParams();
    if (location.pathname.startsWith('/productos')) {
      const current = new URLSearchParams(location.search);
      for (const key of KEPT_PARAMS) {
        const value = current.get(key);
        if (value) params.set(key, value);
      }
    }
    if (text.trim()) params.set('search', text.trim());
    return `/productos?${params.toString()}`;
  };

  const finish = () => {
    setOpen(false);
    setText('');
    onNavigate?.();
  };

  const showAll = () => {
    const href = allResultsHref();
    finish();
    void navigate(href);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (active >= 0 && suggestions[active]) {
      const id = suggestions[active].id;
      finish();
      void navigate(`/producto/${id}`);
      return;
    }
    if (text.trim()) showAll();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' && suggestions.length) {
      e.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % suggestions.length);
    } else if (e.key === 'ArrowUp' && suggestions.length) {
      e.preventDefault();
      setActive((i) => (i <= 0 ? suggestions.length - 1 : i - 1));
    } else if (e.key === 'Escape') {
      setOpen(false);
    }
  };

  const expanded = open && text.trim().length >= MIN_CHARS;

  return (
    <form role="search" onSubmit={submit} className="relative w-full">
      <label htmlFor={inputId} className="sr-only">
        Buscar productos
      </label>
      <div className="relative">
        <SearchIcon size={18} className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-stone-400" />
        <input
          id={inputId}
          type="search"
          role="combobox"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
          autoComplete="off"
          autoFocus={autoFocus}
          placeholder="Buscar semillas o bancos..."
          value={text}
          maxLength={100}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
          }}
          onFocus={() => {
            clearTimeout(blurTimer.current);
            setOpen(true);
          }}
          onBlur={() => {
            blurTimer.current = setTimeout(() => setOpen(false), BLUR_DELAY_MS);
          }}
          onKeyDown={onKeyDown}
          className="w-full rounded-full border border-stone-300 bg-stone-50 py-2 pl-10 pr-4 text-sm text-stone-900 placeholder:text-stone-500 focus:border-brand-600 focus:bg-white focus:outline-none focus:ring-2 focus:ring-brand-600/30"
        />
      </div>
      {expanded && (
        // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- only keeps the input's blur from closing the list under the pointer
        <div
          className="absolute left-0 right-0 top-full z-50 mt-2 overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-xl"
          onMouseDown={() => clearTimeout(blurTimer.current)}
        >
          <ul id={listId} role="listbox" aria-label="Sugerencias de búsqueda">
            {suggestions.map((product, i) => (
              <li key={product.id} id={`${listId}-${i}`} role="option" aria-selected={i === active}>
                <Link
                  to={`/producto/${product.id}`}
                  onClick={finish}
                  tabIndex={-1}
                  className={`flex items-center gap-3 px-3 py-2 hover:bg-brand-50 ${i === active ? 'bg-brand-50' : ''}`}
                >
                  <img
                    src={thumbImage(product.image) ?? FALLBACK_IMAGE}
                    alt=""
                    width={40}
                    height={40}
                    className="h-10 w-10 shrink-0 rounded-lg bg-stone-100 object-cover"
                    onError={(e) => {
                      e.currentTarget.src = FALLBACK_IMAGE;
                    }}
                  />
                  <span className="min-w-0">
                    <span className="block truncate text-sm font-medium text-stone-900">{product.name}</span>
                    <span className="block truncate text-xs text-stone-500">{product.brand}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          {enabled && !isFetching && suggestions.length === 0 && <p className="px-4 py-3 text-sm text-stone-500">No hay coincidencias.</p>}
          {(!enabled || (isFetching && suggestions.length === 0)) && (
            <p className="px-4 py-3 text-sm text-stone-500" role="status">
              Buscando...
            </p>
          )}
          <button
            type="button"
            onClick={showAll}
            className="block w-full border-t border-stone-100 bg-stone-50 px-4 py-2.5 text-left text-sm font-semibold text-brand-700 hover:bg-brand-50"
          >
            Ver todos los resultados
          </button>
        </div>
      )}
    </form>
  );
}
