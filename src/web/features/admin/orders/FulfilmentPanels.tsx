// The order page's workflow (issue 13): the timeline, recording the payment and the shipment, and
// the staff's internal notes.
import { useEffect, useState, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import {
  INTERNAL_NOTES_MAX,
  internalNotesSchema,
  NOTE_MAX,
  recordPaymentSchema,
  recordShipmentSchema,
  type RecordPaymentInput,
  type RecordShipmentInput,
} from '../../../../domain/fulfilment';
import { CARRIER_LABELS, CARRIERS, PAYMENT_METHOD_LABELS, PAYMENT_METHODS, trackingUrl } from '../../../../domain/fulfilment-steps';
import type { OrderDto } from '../../../../domain/orders';
import { PROVINCES, SHIPPING_KIND_LABELS } from '../../../../domain/shipping';
import { OrderMoneyList } from '../../../components/OrderSummary';
import { OrderTimeline } from '../../../components/OrderTimeline';
import { amountInputText, errorMessage, formatArs, formatDateTime, shopToday } from '../lib/format';
import { shopDate } from '../../../../domain/dates';
import { Panel } from '../ui/PageHeader';
import { useRecordPayment, useRecordShipment, useSaveInternalNotes } from './api';
import { StepCorrections } from './StepCorrections';
import { ShipmentState } from './OrderParts';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/fields';
import { useApiForm } from '../../../lib/use-api-form';

export function TimelinePanel({ order }: { order: OrderDto }) {
  return (
    <Panel title="Seguimiento">
      <OrderTimeline order={order} formatAt={formatDateTime} />
    </Panel>
  );
}

// ---------------------------------------------------------------------------------------------
// Payment

interface PaymentFields {
  paid_at: string;
  method: string;
  amount: string;
  note: string;
}
const PAYMENT_FIELDS = ['paid_at', 'method', 'amount', 'note'] as const;

export function PaymentPanel({ order }: { order: OrderDto }) {
  const { payment } = order;
  const [correcting, setCorrecting] = useState(false);
  if (payment && correcting && order.status !== 'cancelled') {
    return (
      <Panel title="Pago">
        <RecordPaymentForm order={order} replace onDone={() => setCorrecting(false)} />
      </Panel>
    );
  }
  return (
    <Panel title="Pago">
      {payment ? (
        <>
          <dl className="grid grid-cols-[6rem_1fr] gap-x-2 gap-y-1 text-sm">
            <dt className="text-stone-500">Fecha</dt>
            <dd>{formatDateTime(payment.paid_at)}</dd>
            <dt className="text-stone-500">Medio</dt>
            <dd>{PAYMENT_METHOD_LABELS[payment.method]}</dd>
            <dt className="text-stone-500">Monto</dt>
            <dd className="font-semibold">
              {formatArs(payment.amount)}
              {payment.amount !== order.total && (
                <span className="ml-1 font-normal text-amber-800">(el total es {formatArs(order.total)})</span>
              )}
            </dd>
            {payment.note && (
              <>
                <dt className="text-stone-500">Nota</dt>
                <dd className="whitespace-pre-line break-words">{payment.note}</dd>
              </>
            )}
          </dl>
          {order.status !== 'cancelled' && <StepCorrections order={order} step="payment" onCorrect={() => setCorrecting(true)} />}
        </>
      ) : order.status === 'cancelled' ? (
        <p className="text-sm text-stone-600">Pedido cancelado: no se registran pagos.</p>
      ) : (
        <RecordPaymentForm order={order} />
      )}
    </Panel>
  );
}

function RecordPaymentForm({ order, replace = false, onDone }: { order: OrderDto; replace?: boolean; onDone?: () => void }) {
  const record = useRecordPayment(order.id, replace);
  const today = shopToday();
  const recorded = replace ? order.payment : null;
  const {
    form: { handleSubmit },
    field,
    showServerErrors,
  } = useApiForm<PaymentFields, RecordPaymentInput>({
    schema: recordPaymentSchema,
    defaultValues: recorded
      ? {
          // The day in the shop, as the server compares it: an unchanged day keeps the recorded time.
          paid_at: shopDate(new Date(recorded.paid_at)),
          method: recorded.method,
          amount: amountInputText(recorded.amount),
          note: recorded.note ?? '',
        }
      : { paid_at: today, method: 'transferencia', amount: amountInputText(order.total), note: '' },
  });

  const onSubmit = handleSubmit((values) =>
    record.mutate(
      {
        method: values.method,
        amount: values.amount,
        // A bare day: the server takes today as now, an earlier day as noon in Argentina.
        paid_at: values.paid_at || undefined,
        note: values.note || undefined,
      },
      {
        onSuccess: () => {
          toast.success(`Pago del pedido #${order.order_number} ${replace ? 'corregido' : 'registrado'}`);
          onDone?.();
        },
        onError: (error) => {
          showServerErrors(error, { fields: PAYMENT_FIELDS });
          toast.error('Error al registrar el pago', { description: errorMessage(error, '') || undefined });
        },
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3" aria-label={replace ? 'Corregir pago' : 'Registrar pago'}>
      <p className="text-sm text-stone-600">{replace ? 'Corrige los datos del pago registrado.' : 'Todavía no se registró el pago.'}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="Fecha de pago" type="date" max={today} required {...field('paid_at')} />
        <SelectField label="Medio de pago" required {...field('method')}>
          {PAYMENT_METHODS.map((method) => (
            <option key={method} value={method}>
              {PAYMENT_METHOD_LABELS[method]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Monto (ARS)"
          inputMode="decimal"
          required
          hint={`Total del pedido: ${formatArs(order.total)}`}
          {...field('amount')}
        />
        <TextField label="Nota (opcional)" maxLength={NOTE_MAX} {...field('note')} />
      </div>
      <StepFormActions replace={replace} busy={record.isPending} onDone={onDone} submitLabel="Registrar pago" />
    </form>
  );
}

/** A step form's buttons: record it, or (correcting one recorded) save the correction or go back. */
function StepFormActions({
  replace,
  busy,
  onDone,
  submitLabel,
}: {
  replace: boolean;
  busy: boolean;
  onDone?: () => void;
  submitLabel: string;
}) {
  return (
    <div className="flex justify-end gap-2">
      {replace && (
        <Button variant="secondary" onClick={onDone} disabled={busy}>
          Volver
        </Button>
      )}
      <Button type="submit" loading={busy} loadingText="Guardando...">
        {replace ? 'Guardar corrección' : submitLabel}
      </Button>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// Shipment

interface ShipmentFields {
  carrier: string;
  tracking_code: string;
}
const SHIPMENT_FIELDS = ['carrier', 'tracking_code'] as const;

export function ShipmentPanel({ order }: { order: OrderDto }) {
  const { shipment } = order;
  const [correcting, setCorrecting] = useState(false);
  if (shipment && correcting && order.status !== 'cancelled') {
    return (
      <Panel title="Envío">
        <RecordShipmentForm order={order} replace onDone={() => setCorrecting(false)} />
      </Panel>
    );
  }
  return (
    <Panel title="Envío">
      {shipment ? (
        <div className="space-y-1 text-sm">
          <ShipmentState order={order} />
          <p className="text-stone-600">Enviado el {formatDateTime(shipment.shipped_at)}</p>
          {order.status !== 'cancelled' && <StepCorrections order={order} step="shipment" onCorrect={() => setCorrecting(true)} />}
        </div>
      ) : order.status === 'cancelled' ? (
        <p className="text-sm text-stone-600">Pedido cancelado: no se envía.</p>
      ) : (
        <RecordShipmentForm order={order} />
      )}
    </Panel>
  );
}

function RecordShipmentForm({ order, replace = false, onDone }: { order: OrderDto; replace?: boolean; onDone?: () => void }) {
  const record = useRecordShipment(order.id, replace);
  const recorded = replace ? order.shipment : null;
  const {
    form: { handleSubmit, control },
    field,
    showServerErrors,
  } = useApiForm<ShipmentFields, RecordShipmentInput>({
    schema: recordShipmentSchema,
    // The order's shipping method already names the carrier.
    defaultValues: { carrier: recorded?.carrier ?? order.shipping?.carrier ?? '', tracking_code: recorded?.tracking_code ?? '' },
  });
  const [carrier, code] = useWatch({ control, name: ['carrier', 'tracking_code'] });
  const link = (CARRIERS as readonly string[]).includes(carrier) ? trackingUrl(carrier as (typeof CARRIERS)[number], code.trim()) : null;

  const onSubmit = handleSubmit((values) =>
    record.mutate(
      { carrier: values.carrier, tracking_code: values.tracking_code || undefined },
      {
        onSuccess: () => {
          toast.success(
            replace ? `Envío del pedido #${order.order_number} corregido` : `Pedido #${order.order_number} marcado como enviado`,
          );
          onDone?.();
        },
        onError: (error) => {
          showServerErrors(error, { fields: SHIPMENT_FIELDS });
          toast.error('Error al registrar el envío', { description: errorMessage(error, '') || undefined });
        },
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3" aria-label={replace ? 'Corregir envío' : 'Marcar como enviado'}>
      <p className="text-sm text-stone-600">
        {replace ? 'Corrige el transporte o el código: el cliente recibe el enlace corregido.' : 'Todavía no se envió.'}
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField label="Transporte" required {...field('carrier')}>
          <option value="">Elige un transporte</option>
          {CARRIERS.map((c) => (
            <option key={c} value={c}>
              {CARRIER_LABELS[c]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Código de seguimiento (opcional)"
          autoComplete="off"
          inputClassName="font-mono"
          hint={
            link ? (
              <a href={link} target="_blank" rel="noopener noreferrer" className="text-sky-800 underline">
                Probar el enlace de seguimiento
              </a>
            ) : (
              'Andreani, Correo Argentino y OCA dan al cliente un enlace de seguimiento.'
            )
          }
          {...field('tracking_code')}
        />
      </div>
      <StepFormActions replace={replace} busy={record.isPending} onDone={onDone} submitLabel="Marcar como enviado" />
    </form>
  );
}

// ---------------------------------------------------------------------------------------------
// Internal notes

interface NotesFields {
  internal_notes: string;
}

export function InternalNotesPanel({ order }: { order: OrderDto }) {
  const save = useSaveInternalNotes(order.id);
  const [saved, setSaved] = useState(false);
  const {
    form: {
      register,
      handleSubmit,
      reset,
      formState: { errors, isDirty },
    },
    showServerErrors,
  } = useApiForm<NotesFields>({
    schema: internalNotesSchema,
    defaultValues: { internal_notes: order.internal_notes ?? '' },
  });

  // Another staff member's notes, once the order is reloaded, unless these are being edited.
  useEffect(() => {
    if (!isDirty) reset({ internal_notes: order.internal_notes ?? '' });
    // Only a change of the stored notes should reset the box.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [order.internal_notes]);

  const onSubmit = handleSubmit((values) => {
    setSaved(false);
    save.mutate(values, {
      onSuccess: (updated) => {
        reset({ internal_notes: updated?.internal_notes ?? values.internal_notes });
        setSaved(true);
      },
      onError: (error) => {
        showServerErrors(error, { fields: ['internal_notes'] });
        toast.error('Error al guardar las notas', { description: errorMessage(error, '') || undefined });
      },
    });
  });

  return (
    <Panel title="Notas internas" description="Solo las ve el equipo de la tienda.">
      <form onSubmit={onSubmit} noValidate className="space-y-2">
        <TextAreaField
          label="Notas internas"
          hideLabel
          rows={3}
          maxLength={INTERNAL_NOTES_MAX}
          placeholder="Por ejemplo: pagó con dos transferencias, retira el sábado."
          error={errors.internal_notes?.message}
          {...register('internal_notes', { onChange: () => setSaved(false) })}
        />
        <div className="flex items-center justify-end gap-3">
          <p role="status" className="text-sm text-green-800">
            {saved && !isDirty ? 'Notas guardadas' : ''}
          </p>
          <Button type="submit" variant="secondary" loading={save.isPending} loadingText="Guardando..." disabled={!isDirty}>
            Guardar notas
          </Button>
        </div>
      </form>
    </Panel>
  );
}

// ---------------------------------------------------------------------------------------------
// Source, amounts and delivery (issue 23)

const SOURCE_LABELS: Record<OrderDto['source'], string> = { web: 'Web', manual: 'Manual' };

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-3 py-1 text-sm">
      <dt className="shrink-0 text-stone-500">{label}</dt>
      <dd className="min-w-0 break-words text-right text-stone-900">{children}</dd>
    </div>
  );
}

/** Where the order came from, how it travels, what it costs (the money lines every page shows) and where it goes. */
export function DeliveryPanel({ order, editNote }: { order: OrderDto; editNote?: string }) {
  const { shipping, address } = order;
  return (
    <Panel title="Pedido y entrega">
      <div className="grid gap-x-6 gap-y-3 md:grid-cols-2">
        <div>
          <dl className="divide-y divide-stone-100">
            <Fact label="Origen">
              <Badge tone={order.source === 'manual' ? 'info' : 'neutral'}>{SOURCE_LABELS[order.source]}</Badge>
            </Fact>
            <Fact label="Entrega">
              {shipping ? (
                <>
                  {shipping.name}
                  <span className="block text-xs text-stone-500">
                    {SHIPPING_KIND_LABELS[shipping.kind]} · {CARRIER_LABELS[shipping.carrier]}
                  </span>
                </>
              ) : (
                order.delivery_type_display
              )}
            </Fact>
          </dl>
          <OrderMoneyList order={order} className="border-t border-stone-100 py-1" label={`Importes del pedido #${order.order_number}`} />
        </div>
        <dl className="divide-y divide-stone-100">
          {address ? (
            <>
              <Fact label="Calle">{[address.street, address.number].filter(Boolean).join(' ') || '—'}</Fact>
              {address.details && <Fact label="Indicaciones">{address.details}</Fact>}
              <Fact label="Ciudad">{[address.city, address.zip_code && `(${address.zip_code})`].filter(Boolean).join(' ') || '—'}</Fact>
              <Fact label="Provincia">{PROVINCES[address.province]}</Fact>
            </>
          ) : (
            <Fact label="Dirección">{order.delivery_type === 'address' ? order.shipping_address : 'A acordar'}</Fact>
          )}
          {shipping?.kind === 'pickup' && <Fact label="Retiro">{order.shipping_address}</Fact>}
        </dl>
      </div>
      {editNote && <p className="mt-3 rounded-lg bg-stone-50 p-2.5 text-xs text-stone-600">{editNote}</p>}
    </Panel>
  );
}
