// The brand discount (spec accounts-admin §5 discount): percentage or fixed amount, value above
// 0, optional expiry from tomorrow; 'Quitar descuento' sends percentage 0. A running discount
// opens with its values and expiry filled in; an expiry left as it was is not sent, so the
// server keeps it (even when it ends today, a day the form would no longer accept).
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import { brandDiscountSchema, DISCOUNT_TYPE_LABELS, DISCOUNT_TYPES, type BrandDiscountValues } from '../../../../domain/admin-catalog';
import { shopTomorrow } from '../../../../domain/dates';
import type { BrandDto } from '../../../../domain/catalog';
import { Modal } from '../../../components/Modal';
import { ApiError } from '../../../lib/api';
import { amountInputText, errorMessage } from '../lib/format';
import { REMOVE_DISCOUNT, useApplyDiscount } from './api';
import { currentExpiryDay, discountLabel } from './discount';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/fields';

interface DiscountFields {
  discount_type: 'percentage' | 'fixed';
  discount_value: string;
  /** YYYY-MM-DD; undefined once the resolver drops an unchanged expiry. */
  discount_expires_at?: string;
}

function formSchema(now: Date) {
  return brandDiscountSchema(now).refine((v) => v.discount_value > 0, {
    path: ['discount_value'],
    message: 'El valor del descuento debe ser mayor que 0',
  });
}

export function DiscountModal({ brand, onClose }: { brand: BrandDto; onClose: () => void }) {
  const apply = useApplyDiscount();
  const tomorrow = useMemo(() => shopTomorrow(new Date()), []);
  const keptExpiry = currentExpiryDay(brand);
  const resolver = useMemo((): Resolver<DiscountFields, unknown, BrandDiscountValues> => {
    const check = zodResolver(formSchema(new Date())) as unknown as Resolver<DiscountFields, unknown, BrandDiscountValues>;
    return (values, context, options) => {
      // Left out when unchanged: the server keeps the running expiry.
      const unchanged = keptExpiry !== '' && values.discount_expires_at === keptExpiry;
      return check(unchanged ? { ...values, discount_expires_at: undefined } : values, context, options);
    };
  }, [keptExpiry]);
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm<DiscountFields, unknown, BrandDiscountValues>({
    resolver,
    defaultValues: {
      discount_type: brand.discount_active && brand.discount_type ? brand.discount_type : 'percentage',
      discount_value: brand.discount_active && brand.discount_value ? amountInputText(brand.discount_value) : '',
      discount_expires_at: keptExpiry,
    },
  });
  const type = useWatch({ control, name: 'discount_type' });
  const busy = apply.isPending;

  const submit = handleSubmit((values) =>
    apply.mutate(
      { brand, values },
      {
        onSuccess: (result) => {
          toast.success(result?.message ?? 'Descuento aplicado');
          onClose();
        },
        onError: (error) => {
          // Shown in the dialog: a toast would sit under its backdrop.
          const reason = error instanceof ApiError ? error.errors?.discount_value?.[0] : undefined;
          if (reason) return setError('discount_value', { type: 'server', message: reason });
          toast.error('Error al aplicar el descuento', { description: errorMessage(error, '') || undefined });
        },
      },
    ),
  );

  function removeDiscount() {
    apply.mutate(
      { brand, values: REMOVE_DISCOUNT },
      {
        onSuccess: (result) => {
          toast.success(result?.message ?? 'Descuento removido');
          onClose();
        },
        onError: (error) => toast.error('Error al remover el descuento', { description: errorMessage(error, '') || undefined }),
      },
    );
  }

  return (
    <Modal
      open
      onClose={() => !busy && onClose()}
      title={`Descuento de ${brand.brand_name}`}
      className="!max-w-md"
      footer={
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center">
          {brand.discount_active && (
            <Button variant="ghostDanger" onClick={removeDiscount} disabled={busy} className="sm:mr-auto">
              Quitar descuento
            </Button>
          )}
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancelar
          </Button>
          <Button type="submit" form="discount-form" loading={busy} loadingText="Aplicando...">
            Aplicar descuento
          </Button>
        </div>
      }
    >
      <form id="discount-form" onSubmit={submit} noValidate className="space-y-4">
        {brand.discount_active && (
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">Descuento actual: {discountLabel(brand)}</p>
        )}
        <p className="text-sm text-stone-600">
          Se aplica a todos los productos del banco. El cliente paga el menor precio entre este descuento y el propio de cada presentación.
        </p>
        <fieldset>
          <legend className="mb-1 text-xs font-semibold text-stone-700">Tipo de descuento</legend>
          <div className="grid grid-cols-2 gap-2">
            {DISCOUNT_TYPES.map((t) => (
              <label
                key={t}
                className={`flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:text-brand-900 border-stone-300`}
              >
                <input type="radio" value={t} {...register('discount_type')} className="accent-brand-700" />
                {DISCOUNT_TYPE_LABELS[t]}
              </label>
            ))}
          </div>
        </fieldset>
        <TextField
          label={type === 'fixed' ? 'Monto a descontar (ARS)' : 'Porcentaje (%)'}
          required
          inputMode="decimal"
          hint={type === 'fixed' ? 'Por ejemplo 2.500 o 1.450,50' : undefined}
          error={errors.discount_value?.message}
          {...register('discount_value')}
        />
        <TextField
          label="Vence el (opcional)"
          type="date"
          min={keptExpiry && keptExpiry < tomorrow ? keptExpiry : tomorrow}
          hint="El descuento deja de aplicarse al terminar ese día. Sin fecha, sigue hasta que lo quites."
          error={errors.discount_expires_at?.message}
          {...register('discount_expires_at')}
        />
      </form>
    </Modal>
  );
}
