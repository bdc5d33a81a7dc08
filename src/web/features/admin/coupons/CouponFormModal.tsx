// A coupon created or changed: code, kind and value, minimum, dates, limits and the brands or types
// it is limited to. Amounts are typed as the shop types them ("22.000", "1.450,50"); the server
// checks every field with the domain's schema and its refusals show on their fields.
import { Controller, useWatch } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import { COUPON_KIND_LABELS, COUPON_KINDS, fixedCouponWarning, type CouponDto } from '../../../../domain/coupons';
import { couponFormSchema, type CouponFormFields, type CouponFormValues } from '../../../../domain/coupon-form';
import { PRODUCT_TYPE_LABELS, PRODUCT_TYPES, type ProductType } from '../../../../domain/catalog-constants';
import { amountInputText, parseArsAmount } from '../../../../domain/money';
import { shopDate } from '../../../../domain/dates';
import { Modal } from '../../../components/Modal';
import { useApiForm } from '../../../lib/use-api-form';
import { errorMessage } from '../lib/format';
import { useAdminBrands } from '../lib/queries';
import { useCheapestCovered, useSaveCoupon } from './api';
import { FormActions } from '../../../components/ui/DialogActions';
import { Checkbox, CheckboxGroup } from '../../../components/ui/checkboxes';
import { SelectField, TextField } from '../../../components/ui/fields';

/** The day of an instant on the shop's calendar, for a date input ('' for none). */
const dayOf = (iso: string | null) => (iso ? shopDate(new Date(iso)) : '');

const limitText = (value: number | null) => (value === null ? '' : String(value));

/** The form as typed: amounts and limits as text, the days of the date inputs. */
function draftOf(coupon: CouponDto | null): CouponFormFields {
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

const TYPE_OPTIONS = PRODUCT_TYPES.map((t) => ({ value: t, label: PRODUCT_TYPE_LABELS[t] }));

/** The warning for a fixed amount that could bring a cart to $ 0, from the amounts as typed (none while one does not read). */
function zeroOrderWarning(draft: Pick<CouponFormFields, 'kind' | 'value' | 'min_subtotal'>, cheapest: number | null): string | null {
  if (draft.kind !== 'fixed') return null;
  const value = parseArsAmount(draft.value);
  const minimum = draft.min_subtotal.trim() === '' ? { ok: true as const, value: 0 } : parseArsAmount(draft.min_subtotal);
  return value.ok && minimum.ok ? fixedCouponWarning(value.value, minimum.value, cheapest) : null;
}

export function CouponFormModal({ coupon, onClose }: { coupon: CouponDto | null; onClose(): void }) {
  const save = useSaveCoupon();
  const brands = useAdminBrands();
  const { form, field, showServerErrors } = useApiForm<CouponFormFields, CouponFormValues>({
    // Only the amounts and limits are read here; the server checks the rest and answers per field.
    schema: (values) => couponFormSchema(values.kind),
    defaultValues: draftOf(coupon),
  });
  const { control } = form;
  const [kind, value, minSubtotal, brandIds, types] = useWatch({ control, name: ['kind', 'value', 'min_subtotal', 'brand_ids', 'types'] });
  const cheapest = useCheapestCovered(brandIds, types, kind === 'fixed');
  const warning = zeroOrderWarning({ kind, value, min_subtotal: minSubtotal }, cheapest.data ?? null);

  const submit = form.handleSubmit((values) =>
    save.mutate(
      { id: coupon?.id ?? null, body: { ...values, active: coupon?.active ?? true } },
      {
        onSuccess: (saved) => {
          toast.success(coupon ? `Cupón ${saved.code} guardado` : `Cupón ${saved.code} creado`);
          onClose();
        },
        onError: (error) => {
          showServerErrors(error, { aliases: { general: 'root.general' } });
          toast.error(errorMessage(error, 'Error al guardar el cupón'));
        },
      },
    ),
  );

  return (
    <Modal open onClose={onClose} title={coupon ? `Editar cupón ${coupon.code}` : 'Nuevo cupón'}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label={coupon ? 'Editar cupón' : 'Nuevo cupón'}>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label="Código"
            {...field('code')}
            hint="Letras, números y guiones. Se acepta sin importar mayúsculas ni espacios."
            autoComplete="off"
          />
          <SelectField label="Tipo" {...field('kind')}>
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
              placeholder={kind === 'percent' ? '10' : '5.000'}
              {...field('value')}
            />
          )}
          <TextField label="Compra mínima ($)" optional inputMode="decimal" placeholder="30.000" {...field('min_subtotal')} />
        </div>
        {warning && (
          <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            {warning}
          </p>
        )}
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label="Desde" optional type="date" {...field('starts_at')} />
          <TextField label="Hasta" optional type="date" {...field('ends_at')} />
          <TextField label="Usos en total" optional inputMode="numeric" hint="Vacío: sin límite." {...field('max_uses')} />
          <TextField label="Usos por cliente" optional inputMode="numeric" hint="Vacío: sin límite." {...field('max_uses_per_customer')} />
        </div>
        <Controller
          control={control}
          name="first_order_only"
          render={({ field: box }) => (
            <Checkbox checked={box.value} onChange={box.onChange}>
              Solo para la primera compra del cliente
            </Checkbox>
          )}
        />
        <Controller
          control={control}
          name="types"
          render={({ field: group }) => (
            <CheckboxGroup
              legend="Solo para estos tipos (ninguno: todos)"
              options={TYPE_OPTIONS}
              selected={group.value}
              onChange={group.onChange}
            />
          )}
        />
        <Controller
          control={control}
          name="brand_ids"
          render={({ field: group }) => (
            <CheckboxGroup
              legend="Solo para estos bancos (ninguno: todos)"
              options={(brands.data ?? []).map((b) => ({ value: b.id, label: b.brand_name }))}
              selected={group.value}
              onChange={group.onChange}
              scroll
            />
          )}
        />
        {form.formState.errors.root?.general && <p className="text-sm text-red-700">{form.formState.errors.root.general.message}</p>}
        <FormActions onCancel={onClose} busy={save.isPending} busyLabel="Guardando...">
          {coupon ? 'Guardar cupón' : 'Crear cupón'}
        </FormActions>
      </form>
    </Modal>
  );
}
