// The lines of an order being entered or edited: quantity, blister and removal.
import { ORDER_MAX_QUANTITY } from '../../../../../domain/orders';
import { seedsLabel } from '../../../../../domain/plural';
import { formatArs } from '../../lib/format';
import { useOrderProduct } from '../api';
import type { DraftLine } from './order-draft';
import { IconButton } from '../../../../components/ui/Button';
import { controlClass } from '../../../../components/ui/fields';
import { TrashIcon } from '../../../../components/ui/account-icons';

export function LineList({ lines, onChange }: { lines: DraftLine[]; onChange: (lines: DraftLine[]) => void }) {
  if (lines.length === 0)
    return <p className="rounded-lg border border-dashed border-stone-300 p-4 text-sm text-stone-500">Todavía no hay productos.</p>;
  const replace = (index: number, line: DraftLine) => onChange(lines.map((l, i) => (i === index ? line : l)));
  return (
    <ul className="divide-y divide-stone-100 rounded-lg border border-stone-200" aria-label="Productos del pedido">
      {lines.map((line, index) => (
        <li key={`${line.id ?? 'nueva'}-${line.blister_id}`} className="p-2.5">
          <div className="flex items-start gap-2">
            <div className="min-w-0 flex-1">
              <p className="text-sm font-medium text-stone-900">{line.product_name}</p>
              <p className="text-xs text-stone-500">{formatArs(line.unit_price)} c/u</p>
            </div>
            <p className="pt-0.5 text-right text-sm font-semibold text-stone-900">{formatArs(line.unit_price * line.quantity)}</p>
            <IconButton
              label={`Quitar ${line.product_name}`}
              variant="ghostDanger"
              onClick={() => onChange(lines.filter((_, i) => i !== index))}
            >
              <TrashIcon size={16} />
            </IconButton>
          </div>
          <div className="mt-1.5 flex items-center gap-2">
            <BlisterSelect line={line} onChange={(next) => replace(index, next)} />
            <label className="w-20">
              <span className="sr-only">Cantidad de {line.product_name}</span>
              <input
                type="number"
                inputMode="numeric"
                min={1}
                max={ORDER_MAX_QUANTITY}
                value={line.quantity}
                onChange={(e) =>
                  replace(index, { ...line, quantity: Math.max(1, Math.min(ORDER_MAX_QUANTITY, Number(e.target.value) || 1)) })
                }
                className={controlClass(false, '', true)}
              />
            </label>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The product's blisters; choosing another makes it a new line at the catalog's price. */
function BlisterSelect({ line, onChange }: { line: DraftLine; onChange: (line: DraftLine) => void }) {
  const product = useOrderProduct(line.product_id);
  const blisters = product.data?.blisters ?? [];
  return (
    <label className="w-40">
      <span className="sr-only">Presentación de {line.product_name}</span>
      <select
        value={line.blister_id}
        className={controlClass(false, 'pr-8', true)}
        onChange={(e) => {
          const b = blisters.find((x) => x.id === Number(e.target.value));
          if (b) onChange({ ...line, id: undefined, blister_id: b.id, seed_count: b.seed_count, unit_price: b.final_price ?? 0 });
        }}
      >
        {!blisters.some((b) => b.id === line.blister_id) && (
          <option value={line.blister_id}>{line.seed_count ? seedsLabel(line.seed_count) : 'Presentación'}</option>
        )}
        {blisters.map((b) => (
          <option key={b.id} value={b.id} disabled={b.id !== line.blister_id && (b.stock <= 0 || !b.final_price)}>
            {seedsLabel(b.seed_count)}
            {b.id !== line.blister_id && b.final_price ? ` · ${formatArs(b.final_price)}` : ''}
          </option>
        ))}
      </select>
    </label>
  );
}
