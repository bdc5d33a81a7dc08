// Blisters (blisters) of the product form with the currency selector: switching currency
// converts every price (spec accounts-admin §4), each price shows its value in the other currency.
import {
  useFieldArray,
  useWatch,
  type Control,
  type FieldErrors,
  type UseFormGetValues,
  type UseFormRegister,
  type UseFormSetValue,
} from 'react-hook-form';
import { toast } from '../../../lib/toast';
import { MAX_BLISTERS, type ProductFormValues } from '../../../../domain/admin-catalog';
import { formatArs, formatMoney, type Currency } from '../../../../domain/money';
import {
  convertPrice,
  convertPriceText,
  costHint,
  emptyBlister,
  finalPrice,
  normalizeDiscountText,
  parseDecimal,
  parsePriceText,
  type ProductFormFields,
} from './product-form';
import { Button, IconButton } from '../../../components/ui/Button';
import { TextField, SelectField } from '../../../components/ui/fields';
import { PlusIcon, TrashIcon } from '../../../components/ui/account-icons';

export function BlistersEditor({
  control,
  register,
  setValue,
  getValues,
  errors,
  rate,
}: {
  control: Control<ProductFormFields, unknown, ProductFormValues>;
  register: UseFormRegister<ProductFormFields>;
  setValue: UseFormSetValue<ProductFormFields>;
  getValues: UseFormGetValues<ProductFormFields>;
  errors: FieldErrors<ProductFormFields>;
  rate: number;
}) {
  const { fields, append, remove } = useFieldArray({ control, name: 'blisters' });
  const currency = useWatch({ control, name: 'currency' });
  const rows = useWatch({ control, name: 'blisters' }) ?? [];
  const other: Currency = currency === 'USD' ? 'ARS' : 'USD';

  function switchCurrency(next: Currency) {
    const from = getValues('currency');
    if (next === from) return;
    getValues('blisters').forEach((row, index) => {
      setValue(`blisters.${index}.price`, convertPriceText(row.price, from, next, rate), { shouldDirty: true });
    });
    setValue('currency', next, { shouldDirty: true });
    toast.info(`Precios convertidos a ${next} con la cotización ${formatArs(rate)}`);
  }

  const listError = errors.blisters as { message?: string; root?: { message?: string } } | undefined;

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-3">
        <SelectField label="Moneda" value={currency} onChange={(e) => switchCurrency(e.target.value as Currency)} className="w-48">
          <option value="ARS">ARS - Pesos</option>
          <option value="USD">USD - Dólares</option>
        </SelectField>
        <p className="pb-2 text-xs text-stone-500">Cotización del dólar: {formatArs(rate)}</p>
      </div>

      <ul className="space-y-2">
        {fields.map((field, index) => {
          const row = rows[index] ?? field;
          const rowErrors = errors.blisters?.[index];
          const price = parsePriceText(row.price ?? '');
          const discount = parseDecimal(row.discount ?? '') ?? 0;
          const final = finalPrice(row.price ?? '', row.discount ?? '');
          return (
            <li key={field.id} className="rounded-lg border border-stone-200 bg-stone-50 p-3">
              <div className="mb-2 flex items-center justify-between">
                <p className="text-xs font-semibold uppercase tracking-wide text-stone-500">Presentación {index + 1}</p>
                <IconButton
                  label={`Quitar presentación ${index + 1}`}
                  variant="ghostDanger"
                  className="!min-h-8 !min-w-8"
                  onClick={() => remove(index)}
                  disabled={fields.length === 1}
                >
                  <TrashIcon size={16} />
                </IconButton>
              </div>
              <div className="grid grid-cols-2 gap-2 sm:grid-cols-5">
                <TextField
                  label="Semillas"
                  required
                  inputMode="numeric"
                  placeholder="Ej: 3"
                  error={rowErrors?.seed_count?.message}
                  {...register(`blisters.${index}.seed_count`)}
                />
                <TextField
                  label={`Precio (${currency})`}
                  required
                  inputMode="decimal"
                  placeholder="0"
                  error={rowErrors?.price?.message}
                  hint={price !== null && price > 0 ? `≈ ${formatMoney(convertPrice(price, currency, other, rate), other)}` : undefined}
                  {...register(`blisters.${index}.price`)}
                />
                <TextField
                  label="Stock"
                  required
                  inputMode="numeric"
                  placeholder="0"
                  error={rowErrors?.stock?.message}
                  {...register(`blisters.${index}.stock`)}
                />
                <TextField
                  label="Descuento (%)"
                  inputMode="decimal"
                  placeholder="0"
                  error={rowErrors?.discount?.message}
                  hint={discount > 0 && final !== null ? `Precio final: ${formatMoney(final, currency)}` : undefined}
                  {...register(`blisters.${index}.discount`, {
                    onBlur: (e: React.FocusEvent<HTMLInputElement>) =>
                      setValue(`blisters.${index}.discount`, normalizeDiscountText(e.target.value), { shouldDirty: true }),
                  })}
                />
                <TextField
                  label="Costo (ARS)"
                  inputMode="decimal"
                  placeholder="Sin costo"
                  error={rowErrors?.cost_price?.message}
                  hint={costHint(row.cost_price ?? '', price, currency, rate)}
                  {...register(`blisters.${index}.cost_price`)}
                />
              </div>
            </li>
          );
        })}
      </ul>
      {(listError?.message || listError?.root?.message) && (
        <p className="text-xs text-red-700">{listError.message ?? listError.root?.message}</p>
      )}
      <Button variant="secondary" size="sm" onClick={() => append(emptyBlister())} disabled={fields.length >= MAX_BLISTERS}>
        <PlusIcon size={14} />
        Agregar presentación
      </Button>
    </div>
  );
}
