// A coupon created or changed: code, kind and value, minimum, dates, limits and the brands or types
// it is limited to. Amounts are typed as the shop types them ("22.000", "1.450,50"); the server
// checks every field with the domain's schema and its refusals show on their fields.
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { COUPON_KIND_LABELS, COUPON_KINDS, fixedCouponWarning, type CouponDto, type CouponKind } from '../../../../domain/coupons';
import { PRODUCT_TYPE_LABELS, PRODUCT_TYPES, type ProductType } from '../../../../domain/catalog-constants';
import { amountInputText, parseArsAmount } from '../../../../domain/money';
import { SHOP_UTC_OFFSET, shopDate } from '../../../../domain/dates';
import { Modal } from '../../../components/Modal';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../lib/format';
import { useAdminBrands } from '../lib/queries';
import { useCheapestCovered, useSaveCoupon, type CouponPayload } from './api';
import { Button } from '../../../components/ui/Button';
import { DialogActions } from '../../../components/ui/DialogActions';
import { Checkbox, CheckboxGroup } from '../../../components/ui/checkboxes';
import { SelectField, TextField } from '../../../components/ui/fields';

type Errors = Partial<Record<string, string>>;

/** The day of an instant on the shop's calendar, for a date input ('' for none). */
const dayOf = (iso: string | null) => (iso ? shopDate(new Date(iso)) : '');
/** A coupon starts at the first minute of its day and ends at the last one, on the shop's clock. */
const startOf = (day: string) => (day ? `${day}T00:00:00${SHOP_UTC_OFFSET}` : null);
const endOf = (day: string) => (day ? `${day}T23:59:59${SHOP_UTC_OFFSET}` : null);

const limitText = (value: number | null) => (value === null ? '' : String(value));

/** The form as typed: amounts and limits as text, the days of the date inputs. */
function draftOf(coupon: CouponDto | null) {
  return {
    code: coupon?.code ?? '',
    kind: coupon?.kind ?? 'percent',
    value: coupon ? amountInputText(coupon.value) : '',
    min_subtotal: coupon?.min_subtotal ? amountInputText(coupon.min_subtotal) : '',
    starts_at: dayOf(coupon?.starts_at ?? null),
    ends_at: dayOf(coupon?.ends_at ?? null),
    max_uses: limitText(coupon?.max_uses ?? null),
    max_uses_per_customer: limitText(coupon?.max_uses_per_customer ?? 1),
    first_order_only: coupon?.first_order_only ?? false,
    brand_ids: coupon?.brand_ids ?? [],
    types: coupon?.types ?? ([] as ProductType[]),
  };
}
type Draft = ReturnType<typeof draftOf>;
/** The fields typed as text; each one's refusal comes back under its own name. */
type TextKey = 'code' | 'value' | 'min_subtotal' | 'starts_at' | 'ends_at' | 'max_uses' | 'max_uses_per_customer';

const TYPE_OPTIONS = PRODUCT_TYPES.map((t) => ({ value: t, label: PRODUCT_TYPE_LABELS[t] }));

/** The warning for a fixed amount that could bring a cart to $ 0, from the amounts as typed (none while one does not read). */
function zeroOrderWarning(draft: Draft, cheapest: number | null): string | null {
  if (draft.kind !== 'fixed') return null;
  const value = parseArsAmount(draft.value);
  const minimum = draft.min_subtotal.trim() === '' ? { ok: true as const, value: 0 } : parseArsAmount(draft.min_subtotal);
  return value.ok && minimum.ok ? fixedCouponWarning(value.value, minimum.value, cheapest) : null;
}

export function CouponFormModal({ coupon, onClose }: { coupon: CouponDto | null; onClose(): void }) {
  const save = useSaveCoupon();
  const brands = useAdminBrands();
  const [draft, setDraft] = useState(() => draftOf(coupon));
  const [errors, setErrors] = useState<Errors>({});
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const cheapest = useCheapestCovered(draft.brand_ids, draft.types, draft.kind === 'fixed');
  const warning = zeroOrderWarning(draft, cheapest.data ?? null);
  /** A text field's value, change handler and refusal. */
  const bind = (key: TextKey) => ({
    value: draft[key],
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(key, e.target.value),
    error: errors[key],
  });

  function payload(): CouponPayload | Errors {
    const found: Errors = {};
    const amount = (field: 'value' | 'min_subtotal', optional: boolean) => {
      const text = draft[field];
      if (optional && text.trim() === '') return 0;
      const parsed = parseArsAmount(text);
      if (!parsed.ok) found[field] = parsed.error;
      return parsed.ok ? parsed.value : 0;
    };
    const limit = (field: 'max_uses' | 'max_uses_per_customer') => {
      const text = draft[field];
      if (text.trim() === '') return null;
      const n = Number(text);
      if (!Number.isInteger(n) || n < 1) found[field] = 'Un número entero de 1 en adelante, o vacío para sin límite';
      return n;
    };
    const body: CouponPayload = {
      code: draft.code.trim(),
      kind: draft.kind,
      value: draft.kind === 'free_shipping' ? 0 : amount('value', false),
      min_subtotal: amount('min_subtotal', true),
      starts_at: startOf(draft.starts_at),
      ends_at: endOf(draft.ends_at),
      max_uses: limit('max_uses'),
      max_uses_per_customer: limit('max_uses_per_customer'),
      first_order_only: draft.first_order_only,
      brand_ids: draft.brand_ids,
      types: draft.types,
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
            {...bind('code')}
            hint="Letras, números y guiones. Se acepta sin importar mayúsculas ni espacios."
            autoComplete="off"
          />
          <SelectField label="Tipo" value={draft.kind} onChange={(e) => set('kind', e.target.value as CouponKind)} error={errors.kind}>
            {COUPON_KINDS.map((k) => (
              <option key={k} value={k}>
                {COUPON_KIND_LABELS[k]}
              </option>
            ))}
          </SelectField>
          {draft.kind !== 'free_shipping' && (
            <TextField
              label={draft.kind === 'percent' ? 'Porcentaje de descuento' : 'Monto a descontar ($)'}
              inputMode="decimal"
              placeholder={draft.kind === 'percent' ? '10' : '5.000'}
              {...bind('value')}
            />
          )}
          <TextField label="Compra mínima ($)" optional inputMode="decimal" placeholder="30.000" {...bind('min_subtotal')} />
        </div>
        {warning && (
          <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            {warning}
          </p>
        )}
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label="Desde" optional type="date" {...bind('starts_at')} />
          <TextField label="Hasta" optional type="date" {...bind('ends_at')} />
          <TextField label="Usos en total" optional inputMode="numeric" hint="Vacío: sin límite." {...bind('max_uses')} />
          <TextField label="Usos por cliente" optional inputMode="numeric" hint="Vacío: sin límite." {...bind('max_uses_per_customer')} />
        </div>
        <Checkbox checked={draft.first_order_only} onChange={(on) => set('first_order_only', on)}>
          Solo para la primera compra del cliente
        </Checkbox>
        <CheckboxGroup
          legend="Solo para estos tipos (ninguno: todos)"
          options={TYPE_OPTIONS}
          selected={draft.types}
          onChange={(types) => set('types', types)}
        />
        <CheckboxGroup
          legend="Solo para estos bancos (ninguno: todos)"
          options={(brands.data ?? []).map((b) => ({ value: b.id, label: b.brand_name }))}
          selected={draft.brand_ids}
          onChange={(ids) => set('brand_ids', ids)}
          scroll
        />
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
