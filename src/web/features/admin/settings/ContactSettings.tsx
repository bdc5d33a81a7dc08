// 'Contacto y datos fiscales' (issue 24): the channels the storefront shows (footer, /contacto,
// the floating WhatsApp button) and the business's fiscal data with AFIP's 'Data fiscal' image.
import { Controller } from 'react-hook-form';
import type { ContactSettingsDto } from '../../../../domain/legal';
import { contactSettingsSchema } from '../../../../domain/legal-schemas';
import { ImageUpload } from '../ui/ImageUpload';
import { Panel } from '../ui/PageHeader';
import { CuitField, SettingsQueryState, SettingsSubmit, settingsTexts, useSettingsForm } from './settings-form';
import { useAdminContactSettings, useSaveContactSettings } from './legal-api';
import { TextField } from '../../../components/ui/fields';

const FIELDS = ['whatsapp_number', 'email', 'instagram', 'business_name', 'cuit', 'fiscal_image'] as const;
type Fields = Record<(typeof FIELDS)[number], string>;

const toFields = (settings: ContactSettingsDto | undefined): Fields =>
  settingsTexts(FIELDS, settings, { instagram: (account) => (account ? `@${account}` : '') });

const TITLE = 'Contacto y datos fiscales';

export function ContactSettings() {
  const settings = useAdminContactSettings();
  const save = useSaveContactSettings();
  const { form, onSubmit, flash, field } = useSettingsForm({
    data: settings.data,
    fields: FIELDS,
    schema: contactSettingsSchema,
    toFields,
    save,
    savedMessage: 'Datos de contacto guardados',
    failedMessage: 'Error al guardar los datos de contacto',
    shared: ['whatsapp_number'],
  });
  const {
    control,
    formState: { errors, isDirty },
  } = form;

  if (!settings.data) return <SettingsQueryState query={settings} title={TITLE} what="los datos de contacto" />;

  return (
    <Panel title={TITLE} description="Lo que ve el cliente en el pie de cada página, en Contacto y en el botón flotante de WhatsApp.">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={TITLE}>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label="WhatsApp de la tienda"
            type="tel"
            autoComplete="off"
            hint="El mismo número de 'Datos de pago': cambiarlo acá lo cambia allá."
            {...field('whatsapp_number')}
          />
          <TextField label="Email de contacto" type="email" autoComplete="off" {...field('email')} />
          <TextField label="Instagram" autoComplete="off" hint="Usuario (@cuenta) o enlace al perfil." {...field('instagram')} />
          <TextField label="Razón social" autoComplete="off" {...field('business_name')} />
          <CuitField {...field('cuit')} />
        </div>
        <Controller
          control={control}
          name="fiscal_image"
          render={({ field }) => (
            <ImageUpload
              label="Data fiscal (AFIP)"
              purpose="settings"
              // A small form's picture: a square as wide as the form was about 960 px at 1280 px.
              zoneClassName="max-w-48"
              value={field.value}
              onChange={(url) => field.onChange(url)}
              hint="Opcional. La imagen del formulario 960/D que da AFIP; se muestra al pie de cada página."
              errorPrefix="Error al subir la imagen"
              error={errors.fiscal_image?.message}
            />
          )}
        />
        <SettingsSubmit flash={flash.message} saving={save.isPending} failed={save.isError} dirty={isDirty}>
          Guardar datos de contacto
        </SettingsSubmit>
      </form>
    </Panel>
  );
}
