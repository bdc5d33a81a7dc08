// The checkout's shipping choice: the methods that reach the province with their price and days,
// or, when none does, the spec's 'Acordar entrega'.
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { formatArs } from '../../../domain/money';
import { deliveryDays, PROVINCES, type Province, type ShippingOption } from '../../../domain/shipping';
import { Alert } from '../../components/ui/Alert';
import { HandshakeIcon, TruckLargeIcon } from '../../components/ui/account-icons';

const choiceClass =
  'flex cursor-pointer gap-3 rounded-lg border border-stone-300 bg-white p-3 text-stone-800 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:ring-1 has-[:checked]:ring-brand-600';

export const shippingPriceText = (option: Pick<ShippingOption, 'price'>) => (option.price === 0 ? 'Gratis' : formatArs(option.price));

export function ShippingMethods({
  off,
  province,
  options,
  loading,
  failed,
  onRetry,
  method,
  fallback,
}: {
  /** The shop has no shipping method set up: the spec's choice, 'Acordar entrega'. */
  off: boolean;
  province: Province | null;
  options: ShippingOption[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  /** The radio of each method (value: its id). */
  method: UseFormRegisterReturn;
  /** The spec's delivery type radio, for 'Acordar entrega'. */
  fallback: UseFormRegisterReturn;
}) {
  const legend = useId();
  if (off) return <CoordinateDelivery province={null} register={fallback} />;
  if (!province) return <p className="text-sm text-stone-600">Elige la provincia para ver los métodos de envío y su costo.</p>;
  if (failed)
    return (
      <Alert tone="error" title="Error al cargar los métodos de envío">
        <button type="button" className="font-semibold underline underline-offset-2" onClick={onRetry}>
          Reintentar
        </button>
      </Alert>
    );
  if (loading || !options)
    return (
      <p role="status" className="text-sm text-stone-600">
        Buscando métodos de envío...
      </p>
    );
  if (options.length === 0) return <CoordinateDelivery province={province} register={fallback} />;
  return (
    <fieldset aria-labelledby={legend}>
      <legend id={legend} className="mb-1.5 text-sm font-medium text-stone-800">
        Método de envío
      </legend>
      <div className="space-y-2">
        {options.map((option) => (
          <label key={option.method_id} className={`${choiceClass} items-start`}>
            <input type="radio" value={String(option.method_id)} className="mt-0.5 h-4 w-4 shrink-0 accent-brand-700" {...method} />
            <span className="min-w-0 flex-1">
              <span className="flex items-baseline justify-between gap-3">
                <span className="min-w-0 break-words font-medium">{option.name}</span>
                <span className={`shrink-0 whitespace-nowrap font-semibold ${option.price === 0 ? 'text-brand-800' : 'text-stone-900'}`}>
                  {shippingPriceText(option)}
                </span>
              </span>
              <span className="block text-sm text-stone-600">{deliveryDays(option)}</span>
              {option.kind === 'pickup' && option.pickup_address && (
                <span className="block break-words text-sm text-stone-600">Retiras en {option.pickup_address}</span>
              )}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** No method reaches the province (or none is set up): the order goes as the spec's, delivery agreed later. */
function CoordinateDelivery({ province, register }: { province: Province | null; register: UseFormRegisterReturn }) {
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-medium text-stone-800">Método de entrega</legend>
      {province && (
        <p className="mb-2 text-sm text-stone-700">
          Ningún método de envío llega a {PROVINCES[province]} por ahora: coordinamos la entrega contigo después de confirmar el pedido.
        </p>
      )}
      <div className="space-y-2">
        <label className="flex cursor-not-allowed items-center gap-3 rounded-lg border border-stone-200 bg-stone-50 p-3 text-stone-400">
          <input type="radio" value="address" disabled className="h-4 w-4" {...register} />
          <TruckLargeIcon size={20} />
          <span className="line-through">Envío a domicilio</span>
        </label>
        <label className={`${choiceClass} items-center`}>
          <input type="radio" value="coordinate" className="h-4 w-4 accent-brand-700" {...register} />
          <HandshakeIcon size={20} className="text-brand-700" />
          <span className="font-medium">Acordar entrega</span>
        </label>
      </div>
    </fieldset>
  );
}
