// The list under the header search: the suggested products, what the search is doing, and
// 'Ver todos los resultados'.
import { Link } from 'react-router';
import type { ProductDto } from '../../domain/catalog';
import { Thumbnail } from './Thumbnail';

export function SearchSuggestions({
  listId,
  suggestions,
  active,
  asking,
  isFetching,
  onPick,
  onShowAll,
  onPress,
}: {
  listId: string;
  suggestions: ProductDto[];
  /** The option the arrow keys are on, -1 for none. */
  active: number;
  /** Whether the typed text is long enough to ask for suggestions. */
  asking: boolean;
  isFetching: boolean;
  onPick(): void;
  onShowAll(): void;
  /** A press anywhere in the list (before the input's blur). */
  onPress(): void;
}) {
  return (
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- only keeps the input's blur from closing the list under the pointer
    <div
      className="absolute left-0 right-0 top-full z-50 mt-2 overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-xl"
      onMouseDown={onPress}
    >
      <ul id={listId} role="listbox" aria-label="Sugerencias de búsqueda">
        {suggestions.map((product, i) => (
          <li key={product.id} id={`${listId}-${i}`} role="option" aria-selected={i === active}>
            <Link
              to={`/producto/${product.id}`}
              onClick={onPick}
              tabIndex={-1}
              className={`flex items-center gap-3 px-3 py-2 hover:bg-brand-50 ${i === active ? 'bg-brand-50' : ''}`}
            >
              <Thumbnail src={product.image} size={40} className="h-10 w-10 shrink-0 rounded-lg bg-stone-100 object-cover" />
              <span className="min-w-0">
                <span className="block truncate text-sm font-medium text-stone-900">{product.name}</span>
                <span className="block truncate text-xs text-stone-500">{product.brand}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {asking && !isFetching && suggestions.length === 0 && <p className="px-4 py-3 text-sm text-stone-500">No hay coincidencias.</p>}
      {(!asking || (isFetching && suggestions.length === 0)) && (
        <p className="px-4 py-3 text-sm text-stone-500" role="status">
          Buscando...
        </p>
      )}
      <button
        type="button"
        onClick={onShowAll}
        className="block w-full border-t border-stone-100 bg-stone-50 px-4 py-2.5 text-left text-sm font-semibold text-brand-700 hover:bg-brand-50"
      >
        Ver todos los resultados
      </button>
    </div>
  );
}
