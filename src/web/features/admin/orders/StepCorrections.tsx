// Correcting the order's steps: a payment or a shipment recorded by mistake is corrected (PUT) or
// undone (DELETE), and a cancelled order that was paid gets its refund recorded. The lifecycle's
// rules live on the server (domain/order-lifecycle.ts); these only offer what it allows.
import { useState } from 'react';
import { useCloseOnRefusal } from '../../../lib/refusal';
import { toast } from '../../../lib/toast';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type PaymentMethod } from '../../../../domain/fulfilment-steps';
import type { OrderDto } from '../../../../domain/orders';
import { errorMessage, formatArs, formatDateTime, shopToday } from '../lib/format';
import { Panel } from '../ui/PageHeader';
import { useRecordRefund, useUndoStep } from './api';
import { Button } from '../../../components/ui/Button';
import { ConfirmModal } from '../../../components/ui/ConfirmModal';
import { SelectField, TextField } from '../../../components/ui/fields';

const STEP_WORDS = {
  payment: { fix: 'Corregir pago', undo: 'Deshacer pago', what: 'el pago', after: 'El pedido vuelve a esperar el pago.' },
  shipment: { fix: 'Corregir envío', undo: 'Deshacer envío', what: 'el envío', after: 'El pedido vuelve a estar sin enviar.' },
} as const;

export function StepCorrections({ order, step, onCorrect }: { order: OrderDto; step: 'payment' | 'shipment'; onCorrect: () => void }) {
  const undo = useUndoStep(order.id, step);
  const [confirming, setConfirming] = useState(false);
  const closeOnRefusal = useCloseOnRefusal();
  const words = STEP_WORDS[step];
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      <Button size="sm" variant="secondary" onClick={onCorrect}>
        {words.fix}
      </Button>
      <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
        {words.undo}
      </Button>
      <ConfirmModal
        open={confirming}
        title={words.undo}
        confirmLabel={words.undo}
        busy={undo.isPending}
        busyLabel="Deshaciendo..."
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          undo.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              toast.success(`Pedido #${order.order_number}: ${words.what} se deshizo`);
            },
            onError: (error) => {
              toast.error(`No se pudo deshacer ${words.what}`, { description: errorMessage(error, '') || undefined });
              closeOnRefusal(error, () => setConfirming(false));
            },
          })
        }
      >
        ¿Deshacer {words.what} del pedido #{order.order_number}? {words.after} El registro de actividad guarda lo que había.
      </ConfirmModal>
    </div>
  );
}

/** A cancelled order that was paid: what is owed back, and the form that records the refund. */
export function RefundPanel({ order }: { order: OrderDto }) {
  const { refund } = order;
  if (!refund) return null;
  return (
    <Panel title="Reembolso">
      {refund.status === 'done' ? (
        <dl className="grid grid-cols-[6rem_1fr] gap-x-2 gap-y-1 text-sm">
          <dt className="text-stone-500">Estado</dt>
          <dd className="font-semibold text-green-800">Reembolsado</dd>
          <dt className="text-stone-500">Monto</dt>
          <dd>{formatArs(refund.amount)}</dd>
          {refund.refunded_at && (
            <>
              <dt className="text-stone-500">Fecha</dt>
              <dd>{formatDateTime(refund.refunded_at)}</dd>
            </>
          )}
          {refund.method && (
            <>
              <dt className="text-stone-500">Medio</dt>
              <dd>{PAYMENT_METHOD_LABELS[refund.method]}</dd>
            </>
          )}
          {refund.note && (
            <>
              <dt className="text-stone-500">Nota</dt>
              <dd className="whitespace-pre-line break-words">{refund.note}</dd>
            </>
          )}
        </dl>
      ) : (
        <RefundForm order={order} owed={refund.amount} />
      )}
    </Panel>
  );
}

function RefundForm({ order, owed }: { order: OrderDto; owed: number }) {
  const record = useRecordRefund(order.id);
  const today = shopToday();
  const [refundedAt, setRefundedAt] = useState(today);
  const [method, setMethod] = useState<PaymentMethod>('transferencia');
  const [note, setNote] = useState('');

  function submit(event: React.FormEvent) {
    event.preventDefault();
    record.mutate(
      { method, refunded_at: refundedAt || undefined, note: note || undefined },
      {
        onSuccess: () => toast.success(`Reembolso del pedido #${order.order_number} registrado`),
        onError: (error) => toast.error('Error al registrar el reembolso', { description: errorMessage(error, '') || undefined }),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-label="Registrar reembolso">
      <p className="rounded-lg bg-red-50 p-2 text-sm font-medium text-red-800">
        Reembolso pendiente: el cliente pagó {formatArs(owed)} y el pedido está cancelado.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="Fecha del reembolso" type="date" max={today} value={refundedAt} onChange={(e) => setRefundedAt(e.target.value)} />
        <SelectField label="Medio" value={method} onChange={(e) => setMethod(e.target.value as PaymentMethod)}>
          {PAYMENT_METHODS.map((m) => (
            <option key={m} value={m}>
              {PAYMENT_METHOD_LABELS[m]}
            </option>
          ))}
        </SelectField>
        <div className="sm:col-span-2">
          <TextField label="Nota (opcional)" maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
        </div>
      </div>
      <div className="flex justify-end">
        <Button type="submit" loading={record.isPending} loadingText="Registrando...">
          Registrar reembolso de {formatArs(owed)}
        </Button>
      </div>
    </form>
  );
}
