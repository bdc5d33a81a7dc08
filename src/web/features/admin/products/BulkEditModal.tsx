// Bulk edit of the selected products: choose the change and its value, see each product before
// and after, then apply it to all of them at once. A big price change, or a cost left above its
// price, is confirmed first.
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import {
  BULK_ACTION_LABELS,
  BULK_ACTIONS,
  type BulkAction,
  type BulkEditInput,
  type BulkEditResultDto,
  type BulkState,
} from '../../../../domain/catalog-sheet';
import type { BrandDto } from '../../../../domain/catalog';
import { Modal } from '../../../components/Modal';
import { Alert } from '../../../components/ui/Alert';
import { ApiError } from '../../../lib/api';
import { errorMessage, formatArs, formatUsd } from '../lib/format';
import { useBulkEdit } from './sheet-api';
import { Button } from '../../../components/ui/Button';
import { DialogActions } from '../../../components/ui/DialogActions';
import { Checkbox } from '../../../components/ui/checkboxes';
import { SelectField, TextField } from '../../../components/ui/fields';
import { CostAbovePriceList } from '../ui/PriceChangeList';
import { parseArsAmount } from '../../../../domain/money';
import { isSuspiciousPercent } from '../../../../domain/price-guards';

type Item = BulkEditResultDto['items'][number];

const money = (value: number | null, currency: string) =>
  value == null ? 'sin precio' : currency === 'USD' ? formatUsd(value) : formatArs(value);
const cost = (value: number | null) => (value == null ? 'sin costo' : formatArs(value));
const COST_ACTIONS: readonly BulkAction[] = ['cost_percent', 'cost_of_price'];

/** The value field of the actions that take a number: its label and hint. */
const NUMBER_FIELD: Record<Exclude<BulkAction, 'availability' | 'brand'>, { label: string; hint: string }> = {
  price_percent: { label: 'Cambio de precio (%)', hint: 'Usa un número negativo para bajar el precio, por ejemplo -10.' },
  cost_percent: {
    label: 'Cambio de costo (%)',
    hint: 'Usa un número negativo para bajar el costo, por ejemplo -10. Las presentaciones sin costo siguen sin costo.',
  },
  cost_of_price: {
    label: 'Costo (% del precio)',
    hint: 'Por ejemplo 60 deja el costo en el 60% del precio de venta (en pesos). Acepta decimales con coma: 62,5.',
  },
  discount: { label: 'Descuento (%)', hint: 'De 0 a 100; 0 quita el descuento.' },
};

/** What the action changes in one product, before → after. */
function describe(action: BulkAction, item: Item): { label: string; before: string; after: string }[] {
  const { before, after } = item;
  if (action === 'availability') {
    const word = (s: BulkState) => (s.available ? 'Disponible' : 'No disponible');
    return [{ label: 'Estado', before: word(before), after: word(after) }];
  }
  if (action === 'brand') return [{ label: 'Banco', before: before.brand, after: after.brand }];
  return before.presentations.map((b, i) => {
    const a = after.presentations[i];
    if (action === 'price_percent')
      return { label: `x${b.seed_count}`, before: money(b.price, item.currency), after: money(a.price, item.currency) };
    if (COST_ACTIONS.includes(action)) return { label: `x${b.seed_count} costo`, before: cost(b.cost_price), after: cost(a.cost_price) };
    return { label: `x${b.seed_count}`, before: `${b.discount}%`, after: `${a.discount}%` };
  });
}

function PreviewList({ result }: { result: BulkEditResultDto }) {
  return (
    <ul className="divide-y divide-stone-100 rounded-lg border border-stone-200" aria-label="Vista previa por producto">
      {result.items.map((item) => {
        const lines = describe(result.action, item);
        return (
          <li key={item.product_id} className={`px-3 py-2 text-sm ${item.changed ? '' : 'text-stone-500'}`}>
            <p className="font-medium text-stone-900">
              {item.name}
              {item.sku && <span className="ml-1 text-xs font-normal text-stone-500">SKU {item.sku}</span>}
              {!item.changed && <span className="ml-1 text-xs font-normal">· sin cambios</span>}
            </p>
            {lines.length === 0 ? (
              <p className="text-xs text-stone-500">Sin presentaciones</p>
            ) : (
              <ul className="mt-0.5 flex flex-wrap gap-x-4 gap-y-0.5 text-xs">
                {lines.map((line, i) => (
                  <li key={i}>
                    <span className="text-stone-500">{line.label}:</span>{' '}
                    <span className={line.before === line.after ? '' : 'text-stone-500 line-through'}>{line.before}</span>
                    {line.before !== line.after && <span className="font-semibold text-stone-900"> → {line.after}</span>}
                  </li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ul>
  );
}

export function BulkEditModal({
  open,
  ids,
  brands,
  onClose,
  onApplied,
}: {
  open: boolean;
  ids: number[];
  brands: BrandDto[];
  onClose: () => void;
  onApplied: () => void;
}) {
  const [action, setAction] = useState<BulkAction>('price_percent');
  const [value, setValue] = useState('');
  const [preview, setPreview] = useState<BulkEditResultDto | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pricesConfirmed, setPricesConfirmed] = useState(false);
  const bulk = useBulkEdit();
  const needsConfirmation = !!preview?.confirm_required && preview.changed > 0;
  /** The price moves by −50% or more or above +200% (the costs above their price are listed apart). */
  const typed = parseArsAmount(value);
  const bigPriceChange = needsConfirmation && preview.action === 'price_percent' && typed.ok && isSuspiciousPercent(typed.value);

  /** A new value makes the preview stale. */
  const changeValue = (next: string) => {
    setValue(next);
    setPreview(null);
    setPricesConfirmed(false);
  };

  const payloadValue = (): unknown => {
    if (action === 'availability') return value === 'true';
    if (action === 'brand') return Number(value);
    return value;
  };

  function reset(nextAction = action) {
    setAction(nextAction);
    setValue(nextAction === 'availability' ? 'true' : '');
    setPreview(null);
    setError(null);
    setPricesConfirmed(false);
  }

  function run(dryRun: boolean) {
    setError(null);
    const confirm = pricesConfirmed && needsConfirmation ? { confirm_price_changes: true } : {};
    bulk.mutate({ ids, action, value: payloadValue(), dry_run: dryRun, ...confirm } as BulkEditInput, {
      onSuccess: (result) => {
        if (!result.applied) return setPreview(result);
        toast.success(`${result.changed} ${result.changed === 1 ? 'producto actualizado' : 'productos actualizados'}`);
        reset();
        onApplied();
      },
      onError: (e) => {
        setError(e instanceof ApiError ? e.message : errorMessage(e));
        if (!dryRun) setPreview(null);
      },
    });
  }

  const valueField =
    action === 'availability' ? (
      <SelectField label="Nuevo estado" value={value} onChange={(e) => changeValue(e.target.value)}>
        <option value="true">Disponible</option>
        <option value="false">No disponible</option>
      </SelectField>
    ) : action === 'brand' ? (
      <SelectField label="Banco de destino" value={value} onChange={(e) => changeValue(e.target.value)}>
        <option value="">Elige un banco</option>
        {brands.map((b) => (
          <option key={b.id} value={b.id}>
            {b.brand_name}
          </option>
        ))}
      </SelectField>
    ) : (
      <TextField
        label={NUMBER_FIELD[action].label}
        hint={NUMBER_FIELD[action].hint}
        inputMode="decimal"
        value={value}
        onChange={(e) => changeValue(e.target.value)}
      />
    );

  return (
    <Modal
      open={open}
      onClose={() => !bulk.isPending && onClose()}
      title={`Editar ${ids.length} ${ids.length === 1 ? 'producto' : 'productos'}`}
      footer={
        <DialogActions onCancel={onClose} busy={bulk.isPending}>
          {preview ? (
            <Button
              onClick={() => run(false)}
              disabled={preview.changed === 0 || (needsConfirmation && !pricesConfirmed)}
              loading={bulk.isPending}
              loadingText="Aplicando..."
            >
              Aplicar a {preview.changed} {preview.changed === 1 ? 'producto' : 'productos'}
            </Button>
          ) : (
            <Button onClick={() => run(true)} loading={bulk.isPending} loadingText="Calculando..." disabled={value.trim() === ''}>
              Ver vista previa
            </Button>
          )}
        </DialogActions>
      }
    >
      <div className="space-y-4">
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField label="Acción" value={action} onChange={(e) => reset(e.target.value as BulkAction)}>
            {BULK_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {BULK_ACTION_LABELS[a]}
              </option>
            ))}
          </SelectField>
          {valueField}
        </div>
        {error && <Alert tone="error">{error}</Alert>}
        {preview && (
          <>
            <p className="text-sm text-stone-700">
              {preview.changed} {preview.changed === 1 ? 'producto cambia' : 'productos cambian'}
              {preview.unchanged > 0 && ` · ${preview.unchanged} ya ${preview.unchanged === 1 ? 'está' : 'están'} así`}. Revisa y aplica.
            </p>
            {needsConfirmation && (
              <Alert tone="warning">
                {bigPriceChange && (
                  <p>Un cambio de {value.trim()}% es muy grande: revisa que no falte ni sobre un cero antes de aplicarlo.</p>
                )}
                <CostAbovePriceList costs={preview.cost_above_price} />
                <div className="mt-2">
                  <Checkbox checked={pricesConfirmed} onChange={setPricesConfirmed}>
                    {bigPriceChange
                      ? `Confirmo el cambio de ${value.trim()}% en los precios`
                      : preview.cost_above_price.length === 1
                        ? 'Confirmo el costo mayor que el precio'
                        : 'Confirmo los costos mayores que el precio'}
                  </Checkbox>
                </div>
              </Alert>
            )}
            <PreviewList result={preview} />
          </>
        )}
      </div>
    </Modal>
  );
}
