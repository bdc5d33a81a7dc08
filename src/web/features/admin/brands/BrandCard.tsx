// One brand of the admin list: logo, type, products and stock, discount, and its actions.
import { Link } from 'react-router';
import type { BrandDto } from '../../../../domain/catalog';
import { truncate } from '../../../../domain/text';
import { brandStockTone } from '../lib/stock';
import { discountLabel } from './discount';
import { Thumbnail } from '../../../components/Thumbnail';
import { Badge } from '../../../components/ui/Badge';
import { Button, IconButton } from '../../../components/ui/Button';
import { Switch } from '../../../components/ui/checkboxes';
import { TagIcon, EditIcon } from '../../../components/ui/icons';
import { TrashIcon } from '../../../components/ui/account-icons';

export function BrandCard({
  brand,
  onToggleNational,
  toggling,
  onDiscount,
  onDelete,
}: {
  brand: BrandDto;
  onToggleNational: () => void;
  toggling: boolean;
  onDiscount: () => void;
  onDelete: () => void;
}) {
  return (
    <article className="flex flex-col rounded-xl border border-stone-200 bg-white shadow-xs">
      <div className="flex gap-3 p-3">
        <Thumbnail
          src={brand.image}
          size={64}
          alt={`Logo de ${brand.brand_name}`}
          className="h-16 w-16 shrink-0 rounded-lg border border-stone-100 bg-white object-contain p-1"
        />
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-sm font-semibold text-stone-900">{brand.brand_name}</h2>
          <p className="truncate text-xs text-stone-500">/{brand.brand_id}</p>
          <div className="mt-1.5 flex flex-wrap gap-1.5">
            <Badge tone={brand.is_national ? 'brand' : 'info'}>{brand.is_national ? 'Nacional' : 'Internacional'}</Badge>
            <Badge tone="neutral">
              {brand.total_products} {brand.total_products === 1 ? 'producto' : 'productos'}
            </Badge>
            <Badge tone={brandStockTone(brand.total_stock)}>Stock: {brand.total_stock}</Badge>
            {!brand.visible && <Badge tone="warning">Oculto</Badge>}
          </div>
        </div>
      </div>
      {brand.description && <p className="px-3 text-xs text-stone-600">{truncate(brand.description, 100)}</p>}
      {brand.discount_active && (
        <p className="mx-3 mt-2 inline-flex w-fit items-center gap-1.5 rounded-md bg-red-50 px-2 py-1 text-xs font-semibold text-red-800">
          <TagIcon size={14} />
          Descuento {discountLabel(brand)}
        </p>
      )}
      <div className="px-3 py-3">
        <Switch checked={brand.is_national} onChange={onToggleNational} disabled={toggling} label="Banco nacional" />
      </div>
      <div className="mt-auto flex items-center gap-1 border-t border-stone-100 px-2 py-1.5">
        <Button variant="ghostMuted" size="sm" onClick={onDiscount} className="min-h-9">
          <TagIcon size={16} />
          Descuento
        </Button>
        <Link
          to={`/admin/bancos/editar/${brand.id}`}
          className="inline-flex min-h-9 items-center gap-1.5 rounded-lg px-2.5 text-xs font-semibold text-stone-700 hover:bg-stone-100"
        >
          <EditIcon size={16} />
          Editar
        </Link>
        <IconButton label={`Eliminar ${brand.brand_name}`} variant="ghostDanger" className="ml-auto" onClick={onDelete}>
          <TrashIcon size={16} />
        </IconButton>
      </div>
    </article>
  );
}
