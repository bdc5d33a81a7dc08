// One product of the admin catalog: photo, name, brand, stock, availability toggle, actions.
import { Link } from 'react-router';
import type { ProductDto } from '../../../../domain/catalog';
import { truncate } from '../../../../domain/text';
import { formatArs } from '../lib/format';
import { productStockBadge } from '../lib/stock';
import { Thumbnail } from '../../../components/Thumbnail';
import { Badge, badgeClass } from '../../../components/ui/Badge';
import { IconButton, Spinner } from '../../../components/ui/Button';
import { EditIcon } from '../../../components/ui/icons';
import { TrashIcon } from '../../../components/ui/account-icons';

export function AdminProductCard({
  product,
  lowStockThreshold,
  onToggle,
  toggling,
  onDelete,
  selected,
  onSelect,
}: {
  product: ProductDto;
  /** The shop's low-stock threshold ('Configuración'), which the stock badge follows. */
  lowStockThreshold: number;
  onToggle: () => void;
  toggling: boolean;
  onDelete: () => void;
  /** For bulk edits: whether the product is selected, and how to change it. */
  selected?: boolean;
  onSelect?: (selected: boolean) => void;
}) {
  const stock = productStockBadge(product.stock, lowStockThreshold);
  const editHref = `/admin/productos/editar/${product.id}`;
  return (
    <article
      className={`flex flex-col rounded-xl border bg-white shadow-xs transition hover:shadow-sm ${product.available ? 'border-stone-200' : 'border-stone-300 bg-stone-50'} ${selected ? 'ring-2 ring-brand-600' : ''}`}
    >
      <div className="flex gap-3 p-3">
        {onSelect && (
          <label className="-m-1.5 flex shrink-0 cursor-pointer self-start p-1.5">
            <input
              type="checkbox"
              checked={!!selected}
              onChange={(e) => onSelect(e.target.checked)}
              aria-label={`Seleccionar ${product.name}`}
              className="h-5 w-5 cursor-pointer accent-brand-700"
            />
          </label>
        )}
        <Link to={editHref} className="shrink-0" tabIndex={-1} aria-hidden="true">
          <Thumbnail
            src={product.image}
            size={88}
            className={`h-22 w-22 rounded-lg bg-stone-100 object-cover ${product.available ? '' : 'opacity-60 grayscale'}`}
          />
        </Link>
        <div className="min-w-0 flex-1">
          <p className="truncate text-xs font-semibold uppercase tracking-wide text-brand-700">{product.brand}</p>
          <h2 className="line-clamp-2 text-sm font-semibold leading-5 text-stone-900">
            <Link to={editHref} className="hover:underline">
              {product.name}
            </Link>
          </h2>
          <p className="text-xs text-stone-500">
            {product.type_display} · {product.currency}
            {product.sku ? ` · SKU ${product.sku}` : ''}
          </p>
          <div className="mt-1.5 flex flex-wrap items-center gap-1.5">
            <Badge tone={stock.tone}>{stock.label}</Badge>
            <button
              type="button"
              onClick={onToggle}
              disabled={toggling}
              title={product.available ? 'Marcar como no disponible' : 'Marcar como disponible'}
              aria-label={`${product.available ? 'Disponible' : 'No disponible'}: cambiar disponibilidad de ${product.name}`}
              className={`${badgeClass(product.available ? 'success' : 'neutral', 'cursor-pointer hover:brightness-95 disabled:cursor-wait')}`}
            >
              {toggling ? (
                <Spinner className="h-3 w-3" />
              ) : (
                <span className={`h-1.5 w-1.5 rounded-full ${product.available ? 'bg-green-600' : 'bg-stone-500'}`} aria-hidden="true" />
              )}
              {product.available ? 'Disponible' : 'No disponible'}
            </button>
          </div>
        </div>
      </div>
      {product.description && <p className="px-3 text-xs text-stone-600">{truncate(product.description, 40)}</p>}
      <ul className="flex flex-wrap gap-1.5 px-3 pb-3 pt-2" aria-label="Presentaciones">
        {product.blisters.length === 0 && <li className="text-xs text-stone-500">Sin presentaciones</li>}
        {product.blisters.map((b) => (
          <li key={b.id} className="rounded-md bg-stone-100 px-2 py-0.5 text-xs text-stone-700">
            x{b.seed_count} · {b.final_price ? formatArs(b.final_price) : 'sin precio'}
            {b.discount > 0 && <span className="font-semibold text-red-700"> -{b.discount}%</span>}
            <span className="text-stone-500"> · {b.stock} u.</span>
          </li>
        ))}
      </ul>
      <div className="mt-auto flex items-center justify-end gap-1 border-t border-stone-100 px-2 py-1.5">
        <Link
          to={editHref}
          className="inline-flex min-h-9 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium text-stone-700 hover:bg-stone-100"
        >
          <EditIcon size={16} />
          Editar
        </Link>
        <IconButton label={`Eliminar ${product.name}`} variant="ghostDanger" onClick={onDelete}>
          <TrashIcon size={16} />
        </IconButton>
      </div>
    </article>
  );
}
