// One shipping method of 'Configuración → Envíos': what it is, where it reaches and at what price.
import { useWatch, type Control, type FieldErrors, type UseFormRegister, type UseFormSetValue } from 'react-hook-form';
import {
  CARRIER_LABELS,
  CARRIERS,
  SHIPPING_KIND_LABELS,
  SHIPPING_KINDS,
  type ShippingKind,
  type ShippingSettingsInput,
} from '../../../../domain/shipping';
import { carrierForKind, type ShippingFormFields } from './shipping-form';
import { ZonesEditor } from './ZonesEditor';
import { IconButton } from '../../../components/ui/Button';
import { SelectField, TextField } from '../../../components/ui/fields';
import { FormSwitch } from '../../../components/ui/checkboxes';
import { ChevronDownIcon } from '../../../components/ui/icons';
import { TrashIcon } from '../../../components/ui/account-icons';

export function ShippingMethodEditor({
  index,
  count,
  control,
  register,
  setValue,
  errors,
  onMove,
  onRemove,
}: {
  index: number;
  count: number;
  control: Control<ShippingFormFields, unknown, ShippingSettingsInput>;
  register: UseFormRegister<ShippingFormFields>;
  setValue: UseFormSetValue<ShippingFormFields>;
  errors: FieldErrors<ShippingFormFields>['methods'];
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const path = `methods.${index}` as const;
  const method = useWatch({ control, name: path });
  const error = errors?.[index];
  const title = method?.name.trim() || `Método ${index + 1}`;

  const changeKind = (kind: ShippingKind) => {
    setValue(`${path}.carrier`, carrierForKind(kind, method.carrier), { shouldDirty: true });
    // Pickup and arrangements usually cost nothing anywhere: a blank price would leave them unreachable.
    if (kind !== 'home' && method.zones.length === 0 && method.rest_of_country_price.trim() === '') {
      setValue(`${path}.rest_of_country_price`, '0', { shouldDirty: true });
    }
  };

  return (
    <section aria-label={title} className="rounded-xl border border-stone-200 bg-white shadow-xs">
      <header className="flex items-center gap-2 border-b border-stone-200 px-4 py-2">
        <h2 className="min-w-0 flex-1 truncate text-sm font-semibold text-stone-900">
          <span className="text-stone-500">{index + 1}.</span> {title}
        </h2>
        <IconButton label={`Subir ${title}`} onClick={() => onMove(index - 1)} disabled={index === 0}>
          <ChevronDownIcon size={16} className="rotate-180" />
        </IconButton>
        <IconButton label={`Bajar ${title}`} onClick={() => onMove(index + 1)} disabled={index === count - 1}>
          <ChevronDownIcon size={16} />
        </IconButton>
        <IconButton label={`Quitar ${title}`} variant="ghostDanger" onClick={onRemove}>
          <TrashIcon size={16} />
        </IconButton>
      </header>
      <div className="space-y-4 p-4">
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <TextField label="Nombre" required autoComplete="off" error={error?.name?.message} {...register(`${path}.name`)} />
          <SelectField
            label="Tipo"
            error={error?.kind?.message}
            {...register(`${path}.kind`, {
              onChange: (e: React.ChangeEvent<HTMLSelectElement>) => changeKind(e.target.value as ShippingKind),
            })}
          >
            {SHIPPING_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {SHIPPING_KIND_LABELS[kind]}
              </option>
            ))}
          </SelectField>
          <SelectField label="Transporte" error={error?.carrier?.message} {...register(`${path}.carrier`)}>
            {CARRIERS.map((carrier) => (
              <option key={carrier} value={carrier}>
                {CARRIER_LABELS[carrier]}
              </option>
            ))}
          </SelectField>
        </div>

        <ZonesEditor method={index} control={control} register={register} errors={error} />

        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <TextField
            label="Resto del país ($)"
            className="col-span-2 sm:col-span-1"
            inputMode="decimal"
            autoComplete="off"
            placeholder="No llega"
            hint="Vacío: no llega a las provincias fuera de las zonas."
            error={error?.rest_of_country_price?.message}
            {...register(`${path}.rest_of_country_price`)}
          />
          <TextField
            label="Envío gratis desde ($)"
            className="col-span-2 sm:col-span-1"
            optional
            inputMode="decimal"
            autoComplete="off"
            hint="Subtotal de productos desde el que no se cobra."
            error={error?.free_from?.message}
            {...register(`${path}.free_from`)}
          />
          <TextField
            label="Días hábiles, mínimo"
            inputMode="numeric"
            autoComplete="off"
            error={error?.days_min?.message}
            {...register(`${path}.days_min`)}
          />
          <TextField
            label="Días hábiles, máximo"
            inputMode="numeric"
            autoComplete="off"
            error={error?.days_max?.message}
            {...register(`${path}.days_max`)}
          />
        </div>

        {method?.kind === 'pickup' && (
          <TextField
            label="Dirección de retiro"
            required
            autoComplete="off"
            placeholder="Ej: Av. Corrientes 1234, CABA (lunes a viernes de 10 a 18 h)"
            error={error?.pickup_address?.message}
            {...register(`${path}.pickup_address`)}
          />
        )}

        <FormSwitch
          control={control}
          name={`${path}.active`}
          label="Activo"
          description="Los clientes solo ven los métodos activos al confirmar el pedido."
        />
      </div>
    </section>
  );
}
