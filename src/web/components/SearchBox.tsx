// Header search with live suggestions (spec storefront §2 header): from 2 characters, up to 5
// products by name or brand, each linking to the product; 'Ver todos los resultados' opens the
// catalog with the text, keeping the categories and brands currently chosen there.
import { useEffect, useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { MAX_SEARCH_LENGTH } from '../../domain/catalog-constants';
import { useCloseOnBlur } from '../lib/use-close-on-blur';
import { SearchIcon } from './ui/icons';
import { SearchSuggestions } from './SearchSuggestions';
import { MIN_SEARCH_CHARS, useSearchSuggestions } from './use-search-suggestions';

// spec storefront §9: header search blur delay 200 ms (lets a click on a suggestion land).
const BLUR_DELAY_MS = 200;
const KEPT_PARAMS = ['category', 'categories', 'bank', 'banks'];

/** The catalog with this search, keeping the categories and brands chosen there (if it is open). */
function allResultsHref(text: string, location: { pathname: string; search: string }) {
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
}

interface SearchBoxProps {
  onNavigate?(): void;
}

export function SearchBox({ onNavigate }: SearchBoxProps) {
  const listId = useId();
  const inputId = useId();
  return <SearchForm listId={listId} inputId={inputId} onNavigate={onNavigate} />;
}

/**
 * The phone's box, under the header. Its ids are fixed: useId would repeat the desktop box's
 * (each counts within its own hydrated part) and shift them between the server and the browser.
 */
export function PhoneSearchBox({ onNavigate }: SearchBoxProps) {
  return <SearchForm listId="mobile-search-list" inputId="mobile-search-input" onNavigate={onNavigate} />;
}

function SearchForm({ listId, inputId, onNavigate }: SearchBoxProps & { listId: string; inputId: string }) {
  const [text, setText] = useState('');
  const list = useCloseOnBlur(BLUR_DELAY_MS);
  const [active, setActive] = useState(-1);
  const navigate = useNavigate();
  const location = useLocation();

  const { term, enabled, suggestions, isFetching } = useSearchSuggestions(text);
  useEffect(() => setActive(-1), [term]);

  const finish = () => {
    list.setOpen(false);
    setText('');
    onNavigate?.();
  };

  const showAll = () => {
    const href = allResultsHref(text, location);
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
      list.setOpen(true);
      setActive((i) => (i + 1) % suggestions.length);
    } else if (e.key === 'ArrowUp' && suggestions.length) {
      e.preventDefault();
      setActive((i) => (i <= 0 ? suggestions.length - 1 : i - 1));
    } else if (e.key === 'Escape') {
      list.setOpen(false);
    }
  };

  const expanded = list.open && text.trim().length >= MIN_SEARCH_CHARS;

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
          placeholder="Buscar semillas o bancos..."
          value={text}
          maxLength={MAX_SEARCH_LENGTH}
          onChange={(e) => {
            setText(e.target.value);
            list.setOpen(true);
          }}
          onFocus={list.onFocus}
          onBlur={list.onBlur}
          onKeyDown={onKeyDown}
          className="w-full rounded-full border border-stone-300 bg-stone-50 py-2 pl-10 pr-4 text-sm text-stone-900 placeholder:text-stone-500 focus:border-brand-600 focus:bg-white focus:outline-none focus:ring-2 focus:ring-brand-600/30"
        />
      </div>
      {expanded && (
        <SearchSuggestions
          listId={listId}
          suggestions={suggestions}
          active={active}
          asking={enabled}
          isFetching={isFetching}
          onPick={finish}
          onShowAll={showAll}
          onPress={list.cancelClose}
        />
      )}
    </form>
  );
}
