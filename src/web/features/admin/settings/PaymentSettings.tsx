// 'Datos de pago' (issue 13): the bank-transfer details, other instructions and the shop's
// WhatsApp that customers read to pay, in the confirmation e-mail, Mis Pedidos and WhatsApp.
import { useWatch } from 'react-hook-form';
import {
  PAYMENT_INSTRUCTIONS_MAX,
  paymentInstructions,
  paymentSettingsSchema,
  type PaymentSettings as PaymentSettingsValues,
} from '../../../../domain/fulfilment';
import { Panel } from '../ui/PageHeader';
import { usePaymentSettings } from '../lib/payment-settings';
import { useSavePaymentSettings } from './api';
import { CuitField, SettingsQueryState, SettingsSubmit, settingsTexts, useSettingsForm } from './settings-form';
import { TextAreaField, TextField } from '../../../components/ui/fields';

type Fields = Record<keyof PaymentSettingsValues, string>;
const FIELDS = ['bank_holder', 'cbu', 'alias', 'bank_name', 'cuit', 'other_instructions', 'whatsapp_number'] as const;

const toFields = (settings: Partial<PaymentSettingsValues> | undefined): Fields => settingsTexts(FIELDS, settings);

export function PaymentSettings() {
  const settings = usePaymentSettings();
  const save = useSavePaymentSettings();
  const { form, onSubmit, flash, field } = useSettingsForm({
    data: settings.data,
    fields: FIELDS,
    schema: paymentSettingsSchema,
    toFields,
    save,
    savedMessage: 'Datos de pago guardados',
    failedMessage: 'Error al guardar los datos de pago',
    shared: ['whatsapp_number'],
  });
  const {
    control,
    formState: { isDirty },
  } = form;
  const typed = useWatch({ control });

  if (!settings.data) return <SettingsQueryState query={settings} title={'Datos de pago'} what="los datos de pago" />;

  // What the customer will read, from what is typed now.
  const preview = paymentInstructions({
    ...toFields(typed),
    cbu: (typed.cbu ?? '').replace(/[\s-]/g, ''),
    cuit: (typed.cuit ?? '').replace(/[\s-]/g, ''),
  });

  return (
    <Panel
      title="Datos de pago"
      description="Lo que lee el cliente para pagar: en el email de confirmación, en Mis Pedidos y en el mensaje de WhatsApp."
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Datos de pago">
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label="Titular de la cuenta" autoComplete="off" {...field('bank_holder')} />
          <TextField label="Banco" autoComplete="off" {...field('bank_name')} />
          <TextField
            label="CBU o CVU"
            inputMode="numeric"
            autoComplete="off"
            hint="22 dígitos."
            inputClassName="font-mono"
            {...field('cbu')}
          />
          <TextField label="Alias" autoComplete="off" hint="De 6 a 20 letras, números, puntos o guiones." {...field('alias')} />
          <CuitField {...field('cuit')} />
          <TextField
            label="WhatsApp de la tienda"
            type="tel"
            autoComplete="off"
            hint="Código de área y número, sin 0 ni 15. Los clientes te escriben a este número."
            {...field('whatsapp_number')}
          />
        </div>
        <TextAreaField
          label="Otras instrucciones"
          rows={3}
          maxLength={PAYMENT_INSTRUCTIONS_MAX}
          hint="Opcional. Por ejemplo: efectivo al retirar, o cómo avisar que pagaste."
          {...field('other_instructions')}
        />
        <div className="rounded-lg border border-stone-200 bg-stone-50 p-3">
          <p className="text-xs font-semibold uppercase tracking-wide text-stone-500">Así lo verá el cliente</p>
          {preview ? (
            <p className="mt-1 whitespace-pre-line break-words text-sm text-stone-800">{preview}</p>
          ) : (
            <p className="mt-1 text-sm text-stone-600">Sin datos de pago: el cliente solo verá el total y el número de pedido.</p>
          )}
        </div>
        <SettingsSubmit flash={flash.message} saving={save.isPending} failed={save.isError} dirty={isDirty}>
          Guardar datos de pago
        </SettingsSubmit>
      </form>
    </Panel>
  );
}
