import { pageItems } from './pagination';

const base = 'inline-flex min-h-10 min-w-10 items-center justify-center rounded-lg px-2 text-sm font-semibold transition';

export function Pagination({ page, totalPages, onPage }: { page: number; totalPages: number; onPage: (page: number) => void }) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Paginación" className="mt-5 flex flex-wrap items-center justify-center gap-1">
      <button
        type="button"
        className={`${base} text-stone-700 hover:bg-stone-200 disabled:text-stone-400 disabled:hover:bg-transparent`}
        onClick={() => onPage(page - 1)}
        disabled={page <= 1}
        aria-label="Página anterior"
      >
        ‹
      </button>
      {pageItems(page, totalPages).map((item) =>
        typeof item === 'number' ? (
          <button
            key={item}
            type="button"
            onClick={() => onPage(item)}
            aria-current={item === page ? 'page' : undefined}
            aria-label={`Página ${item}`}
            className={`${base} ${item === page ? 'bg-brand-700 text-white' : 'text-stone-700 hover:bg-stone-200'}`}
          >
            {item}
          </button>
        ) : (
          <span key={item} className="px-1 text-stone-500" aria-hidden="true">
            …
          </span>
        ),
      )}
      <button
        type="button"
        className={`${base} text-stone-700 hover:bg-stone-200 disabled:text-stone-400 disabled:hover:bg-transparent`}
        onClick={() => onPage(page + 1)}
        disabled={page >= totalPages}
        aria-label="Página siguiente"
      >
        ›
      </button>
    </nav>
  );
}
