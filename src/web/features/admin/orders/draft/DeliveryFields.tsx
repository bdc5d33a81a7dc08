// How the order is delivered: the province, the shipping methods that reach it at their price for
// this subtotal (as the checkout quotes them) or "Acordar entrega", and the address for home delivery.
import { deliveryDays, SHIPPING_KIND_LABELS, type Province, type ShippingOption } from '../../../../../domain/shipping';
import { formatArs } from '../../lib/format';
import { chosenOption, coordinateOption, fieldError, type DraftDelivery, type StreetFields } from './order-draft';
import { AddressFields, ProvinceField } from '../../../../components/ui/address-fields';

export function DeliveryFields({
  value,
  onChange,
  options,
  loading,
  errors,
}: {
  value: DraftDelivery;
  onChange: (value: DraftDelivery) => void;
  options: ShippingOption[] | undefined;
  loading: boolean;
  errors?: Record<string, string[]>;
}) {
  const chosen = chosenOption(value, options);
  const quoted = value.province ? (options ?? []) : [];
  const setStreet = (key: keyof StreetFields, text: string) => onChange({ ...value, street: { ...value.street, [key]: text } });
  return (
    <div className="space-y-3">
      <ProvinceField
        autoComplete="off"
        value={value.province}
        error={fieldError(errors, 'address.province')}
        onChange={(e) => onChange({ ...value, province: e.target.value as Province | '' })}
      />

      <fieldset>
        <legend className="mb-1 block text-xs font-semibold text-stone-700">Forma de entrega</legend>
        {value.province && loading && !options && <p className="text-sm text-stone-500">Buscando envíos…</p>}
        {value.province && options?.length === 0 && <p className="mb-1 text-sm text-stone-500">Ningún envío llega a esa provincia.</p>}
        <div className="space-y-1.5">
          {quoted.map((o) => (
            <DeliveryChoice
              key={o.method_id}
              checked={chosen?.method_id === o.method_id}
              onSelect={() => onChange({ ...value, method_id: o.method_id })}
              title={o.name}
              detail={`${SHIPPING_KIND_LABELS[o.kind]} · ${o.kind === 'pickup' ? o.pickup_address : deliveryDays(o)}`}
              price={o.free ? 'Gratis' : o.price === 0 ? 'Sin costo' : formatArs(o.price)}
            />
          ))}
          {/* One "Acordar entrega": the shop's own method when it has one, this one otherwise. */}
          {!coordinateOption(quoted) && (
            <DeliveryChoice
              checked={value.method_id === null}
              onSelect={() => onChange({ ...value, method_id: null })}
              title="Acordar entrega"
              detail="Sin costo de envío: lo coordinan por mensaje"
              price=""
            />
          )}
        </div>
        {fieldError(errors, 'shipping_method_id') && (
          <p className="mt-1 text-xs text-red-700">{fieldError(errors, 'shipping_method_id')}</p>
        )}
      </fieldset>

      {chosen?.kind === 'home' && (
        <AddressFields
          autofill={false}
          details={{ label: 'Piso, depto. o indicaciones' }}
          field={(key) => ({
            value: value.street[key],
            error: fieldError(errors, `address.${key}`),
            onChange: (e) => setStreet(key, e.target.value),
          })}
        />
      )}
    </div>
  );
}

function DeliveryChoice({
  checked,
  onSelect,
  title,
  detail,
  price,
}: {
  checked: boolean;
  onSelect: () => void;
  title: string;
  detail: string;
  price: string;
}) {
  return (
    <label
      className={`flex cursor-pointer items-start gap-2.5 rounded-lg border p-2.5 text-sm ${checked ? 'border-brand-600 bg-brand-50' : 'border-stone-300 bg-white hover:bg-stone-50'}`}
    >
      <input type="radio" name="delivery" checked={checked} onChange={onSelect} className="mt-0.5 accent-brand-700" />
      <span className="min-w-0 flex-1">
        <span className="block font-medium text-stone-900">{title}</span>
        <span className="block text-xs text-stone-600">{detail}</span>
      </span>
      {price && <span className="shrink-0 font-semibold text-stone-900">{price}</span>}
    </label>
  );
}
