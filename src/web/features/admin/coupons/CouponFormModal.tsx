// A coupon created or changed: code, kind and value, minimum, dates, limits and the banks or types
// it is limited to. Amounts are typed as the shop types them ("22.000", "1.450,50"); the server
// checks every field with the domain's schema and its refusals show on their fields.
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { COUPON_KIND_LABELS, COUPON_KINDS, type CouponDto, type CouponKind } from '../../../../domain/coupons';
import { PRODUCT_TYPE_LABELS, PRODUCT_TYPES, type ProductType } from '../../../../domain/catalog-constants';
import { amountInputText, parseArsAmount } from '../../../../domain/money';
import { Modal } from '../../../components/Modal';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../lib/format';
import { useAdminBrands } from '../lib/queries';
import { useSaveCoupon, type CouponPayload } from './api';
import { Button } from '../../../components/ui/Button';
import { DialogActions } from '../../../components/ui/DialogActions';
import { SelectField, TextField } from '../../../components/ui/fields';

type Errors = Partial<Record<string, string>>;

/** The day of an instant on the shop's calendar, for a date input ('' for none). */
const dayOf = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString('en-CA', { timeZone: 'America/Argentina/Buenos_Aires' }) : '';
/** A coupon starts at the first minute of its day and ends at the last one, on the shop's clock (UTC−3). */
const startOf = (day: string) => (day ? `${day}T00:00:00-03:00` : null);
const endOf = (day: string) => (day ? `${day}T23:59:59-03:00` : null);

const limitText = (value: number | null) => (value === null ? '' : String(value));

export function CouponFormModal({ coupon, onClose }: { coupon: CouponDto | null; onClose(): void }) {
  const save = useSaveCoupon();
  const brands = useAdminBrands();
  const [code, setCode] = useState(coupon?.code ?? '');
  const [kind, setKind] = useState<CouponKind>(coupon?.kind ?? 'percent');
  const [value, setValue] = useState(coupon ? amountInputText(coupon.value) : '');
  const [minimum, setMinimum] = useState(coupon?.min_subtotal ? amountInputText(coupon.min_subtotal) : '');
  const [startsOn, setStartsOn] = useState(dayOf(coupon?.starts_at ?? null));
  const [endsOn, setEndsOn] = useState(dayOf(coupon?.ends_at ?? null));
  const [maxUses, setMaxUses] = useState(limitText(coupon?.max_uses ?? null));
  const [maxPerCustomer, setMaxPerCustomer] = useState(limitText(coupon?.max_uses_per_customer ?? 1));
  const [firstOrderOnly, setFirstOrderOnly] = useState(coupon?.first_order_only ?? false);
  const [brandIds, setBrandIds] = useState<number[]>(coupon?.brand_ids ?? []);
  const [types, setTypes] = useState<ProductType[]>(coupon?.types ?? []);
  const [errors, setErrors] = useState<Errors>({});

  const toggle = <T,>(list: T[], item: T, on: boolean) => (on ? [...list, item] : list.filter((x) => x !== item));

  function payload(): CouponPayload | Errors {
    const found: Errors = {};
    const amount = (text: string, field: string, optional: boolean) => {
      if (optional && text.trim() === '') return 0;
      const parsed = parseArsAmount(text);
      if (!parsed.ok) found[field] = parsed.error;
      return parsed.ok ? parsed.value : 0;
    };
    const limit = (text: string, field: string) => {
      if (text.trim() === '') return null;
      const n = Number(text);
      if (!Number.isInteger(n) || n < 1) found[field] = 'Un número entero de 1 en adelante, o vacío para sin límite';
      return n;
    };
    const body: CouponPayload = {
      code: code.trim(),
      kind,
      value: kind === 'free_shipping' ? 0 : amount(value, 'value', false),
      min_subtotal: amount(minimum, 'min_subtotal', true),
      starts_at: startOf(startsOn),
      ends_at: endOf(endsOn),
      max_uses: limit(maxUses, 'max_uses'),
      max_uses_per_customer: limit(maxPerCustomer, 'max_uses_per_customer'),
      first_order_only: firstOrderOnly,
      brand_ids: brandIds,
      types,
      active: coupon?.active ?? true,
    };
    return Object.keys(found).length ? found : body;
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const body = payload();
    if (!('code' in body)) {
      setErrors(body);
      return;
    }
    setErrors({});
    save.mutate(
      { id: coupon?.id ?? null, body: body as CouponPayload },
      {
        onSuccess: (saved) => {
          toast.success(coupon ? `Cupón ${saved.code} guardado` : `Cupón ${saved.code} creado`);
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.errors) {
            setErrors(Object.fromEntries(Object.entries(error.errors).map(([field, messages]) => [field, messages[0]])));
          }
          toast.error(errorMessage(error, 'Error al guardar el cupón'));
        },
      },
    );
  }

  return (
    <Modal open onClose={onClose} title={coupon ? `Editar cupón ${coupon.code}` : 'Nuevo cupón'}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label={coupon ? 'Editar cupón' : 'Nuevo cupón'}>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label="Código"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            hint="Letras, números y guiones. Se acepta sin importar mayúsculas ni espacios."
            error={errors.code}
            autoComplete="off"
          />
          <SelectField label="Tipo" value={kind} onChange={(e) => setKind(e.target.value as CouponKind)} error={errors.kind}>
            {COUPON_KINDS.map((k) => (
              <option key={k} value={k}>
                {COUPON_KIND_LABELS[k]}
              </option>
            ))}
          </SelectField>
          {kind !== 'free_shipping' && (
            <TextField
              label={kind === 'percent' ? 'Porcentaje de descuento' : 'Monto a descontar ($)'}
              inputMode="decimal"
              value={value}
              onChange={(e) => setValue(e.target.value)}
              placeholder={kind === 'percent' ? '10' : '5.000'}
              error={errors.value}
            />
          )}
          <TextField
            label="Compra mínima ($)"
            optional
            inputMode="decimal"
            value={minimum}
            onChange={(e) => setMinimum(e.target.value)}
            placeholder="30.000"
            error={errors.min_subtotal}
          />
          <TextField
            label="Desde"
            optional
            type="date"
            value={startsOn}
            onChange={(e) => setStartsOn(e.target.value)}
            error={errors.starts_at}
          />
          <TextField label="Hasta" optional type="date" value={endsOn} onChange={(e) => setEndsOn(e.target.value)} error={errors.ends_at} />
          <TextField
            label="Usos en total"
            optional
            inputMode="numeric"
            value={maxUses}
            onChange={(e) => setMaxUses(e.target.value)}
            hint="Vacío: sin límite."
            error={errors.max_uses}
          />
          <TextField
            label="Usos por cliente"
            optional
            inputMode="numeric"
            value={maxPerCustomer}
            onChange={(e) => setMaxPerCustomer(e.target.value)}
            hint="Vacío: sin límite."
            error={errors.max_uses_per_customer}
          />
        </div>
        <label className="flex items-center gap-2 text-sm text-stone-800">
          <input
            type="checkbox"
            checked={firstOrderOnly}
            onChange={(e) => setFirstOrderOnly(e.target.checked)}
            className="h-4 w-4 accent-brand-700"
          />
          Solo para la primera compra del cliente
        </label>
        <fieldset>
          <legend className="text-sm font-medium text-stone-800">Solo para estos tipos (ninguno: todos)</legend>
          <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
            {PRODUCT_TYPES.map((t) => (
              <label key={t} className="flex items-center gap-1.5 text-sm text-stone-700">
                <input
                  type="checkbox"
                  checked={types.includes(t)}
                  onChange={(e) => setTypes(toggle(types, t, e.target.checked))}
                  className="h-4 w-4 accent-brand-700"
                />
                {PRODUCT_TYPE_LABELS[t]}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="text-sm font-medium text-stone-800">Solo para estos bancos (ninguno: todos)</legend>
          <div className="mt-1 grid max-h-40 grid-cols-1 gap-1 overflow-y-auto rounded-lg border border-stone-200 p-2 sm:grid-cols-2">
            {(brands.data ?? []).map((b) => (
              <label key={b.id} className="flex min-w-0 items-center gap-1.5 text-sm text-stone-700">
                <input
                  type="checkbox"
                  checked={brandIds.includes(b.id)}
                  onChange={(e) => setBrandIds(toggle(brandIds, b.id, e.target.checked))}
                  className="h-4 w-4 shrink-0 accent-brand-700"
                />
                <span className="truncate">{b.brand_name}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {errors.general && <p className="text-sm text-red-700">{errors.general}</p>}
        <DialogActions onCancel={onClose} busy={save.isPending}>
          <Button type="submit" loading={save.isPending} loadingText="Guardando...">
            {coupon ? 'Guardar cupón' : 'Crear cupón'}
          </Button>
        </DialogActions>
      </form>
    </Modal>
  );
}
