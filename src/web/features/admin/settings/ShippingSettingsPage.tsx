// /admin/configuracion/envios ('Configuración → Envíos', issue 23): the shipping methods customers
// choose from at checkout, saved together with PUT, the server's field errors on their fields.
import { useEffect } from 'react';
import { useFieldArray } from 'react-hook-form';
import { shippingSettingsFormSchema, type ShippingSettingsInput } from '../../../../domain/shipping';
import { useApiForm } from '../../../lib/use-api-form';
import { errorMessage } from '../lib/format';
import { PageHeader } from '../ui/PageHeader';
import { SaveBar } from '../ui/SaveBar';
import { Flash, useFlash } from './flash';
import { SettingsTabs } from './SettingsTabs';
import { useSaveShippingSettings, useShippingSettings } from './shipping-api';
import { emptyMethod, toFormFields, type ShippingFormFields } from './shipping-form';
import { ShippingMethodEditor } from './ShippingMethodEditor';
import { Button } from '../../../components/ui/Button';
import { PlusIcon } from '../../../components/ui/account-icons';
import { ErrorState, LoadingState } from '../../../components/ui/states';

export default function ShippingSettingsPage() {
  const settings = useShippingSettings();
  const save = useSaveShippingSettings();
  const flash = useFlash();
  const { form, showServerErrors } = useApiForm<ShippingFormFields, ShippingSettingsInput>({
    schema: shippingSettingsFormSchema,
    defaultValues: toFormFields(undefined),
  });
  const {
    control,
    register,
    setValue,
    reset,
    handleSubmit,
    formState: { errors, isDirty },
  } = form;
  const methods = useFieldArray({ control, name: 'methods' });

  useEffect(() => {
    if (settings.data) reset(toFormFields(settings.data.methods));
  }, [settings.data, reset]);

  const onSubmit = handleSubmit(
    (values) => {
      flash.clear();
      save.mutate(values, {
        onSuccess: (saved) => {
          reset(toFormFields(saved.methods));
          flash.success('Métodos de envío guardados');
        },
        onError: (error) => {
          // The fields the server named (`methods.0.zones.1.provinces`), the first brought into view.
          showServerErrors(error, { fields: (name) => name.startsWith('methods.'), focus: true });
          flash.error(errorMessage(error, 'Error al guardar los métodos de envío'));
        },
      });
    },
    () => flash.error('Revisa los campos marcados'),
  );

  const header = (
    <>
      <PageHeader title="Configuración de la tienda" subtitle="Los métodos de envío que el cliente elige al confirmar su pedido." />
      <SettingsTabs />
    </>
  );
  if (settings.isPending)
    return (
      <>
        {header}
        <LoadingState label="Cargando los métodos de envío..." />
      </>
    );
  if (settings.isError)
    return (
      <>
        {header}
        <ErrorState
          title="Error al cargar los métodos de envío"
          detail={errorMessage(settings.error, '')}
          onRetry={() => void settings.refetch()}
          retrying={settings.isFetching}
        />
      </>
    );

  return (
    <>
      {header}
      <form onSubmit={onSubmit} noValidate aria-label="Métodos de envío" className="flex flex-col gap-4">
        <p className="text-sm text-stone-600">
          Cada método cobra el precio de la zona de la provincia del cliente, o el de «Resto del país». El orden de esta lista es el de la
          configuración; al cliente se le muestran del más barato al más caro.
        </p>
        {methods.fields.length === 0 && (
          <p className="rounded-lg border border-dashed border-stone-300 bg-white p-4 text-sm text-stone-600">
            No hay métodos de envío: los pedidos se hacen sin envío, como «Coordinar entrega».
          </p>
        )}
        {methods.fields.map((field, index) => (
          <ShippingMethodEditor
            key={field.id}
            index={index}
            count={methods.fields.length}
            control={control}
            register={register}
            setValue={setValue}
            errors={errors.methods}
            onMove={(to) => methods.move(index, to)}
            onRemove={() => methods.remove(index)}
          />
        ))}
        {errors.methods?.root?.message && <p className="text-xs text-red-700">{errors.methods.root.message}</p>}
        <div>
          <Button variant="secondary" onClick={() => methods.append(emptyMethod())} disabled={methods.fields.length >= 30}>
            <PlusIcon size={16} />
            Agregar método de envío
          </Button>
        </div>
        <SaveBar className="flex-col bg-stone-50/90 sm:flex-row sm:items-center">
          <div className="min-w-0 flex-1">
            <Flash message={flash.message} />
          </div>
          <Button type="submit" loading={save.isPending} loadingText="Guardando..." disabled={!isDirty && !save.isError}>
            Guardar envíos
          </Button>
        </SaveBar>
      </form>
    </>
  );
}
