// The zones of one shipping method: each a set of provinces and what shipping to them costs.
import { Controller, useFieldArray, useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import type { Province, ShippingSettingsInput } from '../../../../domain/shipping';
import { ProvincePicker } from './ProvincePicker';
import { emptyZone, type ShippingFormFields } from './shipping-form';
import { Button, IconButton } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/fields';
import { PlusIcon, TrashIcon } from '../../../components/ui/account-icons';

type Errors = NonNullable<FieldErrors<ShippingFormFields>['methods']>[number];

export function ZonesEditor({
  method,
  control,
  register,
  errors,
}: {
  method: number;
  control: Control<ShippingFormFields, unknown, ShippingSettingsInput>;
  register: UseFormRegister<ShippingFormFields>;
  errors: Errors | undefined;
}) {
  const { fields, append, remove } = useFieldArray({ control, name: `methods.${method}.zones` });
  const zones = useWatch({ control, name: `methods.${method}.zones` }) ?? [];

  const takenBy = (index: number) => {
    const taken = new Map<Province, number>();
    zones.forEach((zone, other) => {
      if (other !== index) for (const code of zone?.provinces ?? []) taken.set(code, other + 1);
    });
    return taken;
  };

  return (
    <div className="space-y-2">
      <p className="text-xs font-semibold text-stone-700">Zonas</p>
      {fields.length === 0 && (
        <p className="text-xs text-stone-500">Sin zonas: el mismo precio para todo el país (el de «Resto del país»).</p>
      )}
      <div className="space-y-2">
        {fields.map((field, index) => (
          <div key={field.id} role="group" aria-label={`Zona ${index + 1}`} className="rounded-lg border border-stone-200 bg-stone-50 p-3">
            <div className="mb-2 flex items-end gap-2">
              <TextField
                label={`Precio zona ${index + 1} ($)`}
                inputMode="decimal"
                autoComplete="off"
                placeholder="Ej: 6.500"
                className="w-40 sm:w-48"
                error={errors?.zones?.[index]?.price?.message}
                {...register(`methods.${method}.zones.${index}.price`)}
              />
              <IconButton
                label={`Quitar zona ${index + 1}`}
                variant="ghostDanger"
                className={`ml-auto ${errors?.zones?.[index]?.price ? 'mb-5' : ''}`}
                onClick={() => remove(index)}
              >
                <TrashIcon size={16} />
              </IconButton>
            </div>
            <Controller
              control={control}
              name={`methods.${method}.zones.${index}.provinces`}
              render={({ field: provinces, fieldState }) => (
                <ProvincePicker
                  name={provinces.name}
                  value={provinces.value}
                  onChange={provinces.onChange}
                  takenBy={takenBy(index)}
                  error={fieldState.error?.message}
                />
              )}
            />
          </div>
        ))}
      </div>
      <Button variant="secondary" size="sm" onClick={() => append(emptyZone())} disabled={fields.length >= 24}>
        <PlusIcon size={14} />
        Agregar zona
      </Button>
    </div>
  );
}
