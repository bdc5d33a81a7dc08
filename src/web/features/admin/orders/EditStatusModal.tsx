// Change an order's status (spec accounts-admin §4: an admin may set any of the three).
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderDto, type OrderStatus } from '../../../../domain/orders';
import { Modal } from '../../../components/Modal';
import { errorMessage, formatArs } from '../lib/format';
import { useUpdateOrderStatus } from './api';
import { Button } from '../../../components/ui/Button';
import { DialogActions } from '../../../components/ui/DialogActions';
import { TextAreaField } from '../../../components/ui/fields';

const HINTS: Record<OrderStatus, string> = {
  pending: 'El pedido espera pago o entrega.',
  completed: 'El pedido fue pagado y entregado.',
  cancelled: 'El stock de sus productos vuelve al catálogo.',
};

export function EditStatusModal({
  order,
  onClose,
  errorText = 'Error al actualizar el estado del pedido',
}: {
  order: OrderDto;
  onClose: () => void;
  errorText?: string;
}) {
  const [status, setStatus] = useState<OrderStatus>(order.status);
  const [reason, setReason] = useState('');
  const update = useUpdateOrderStatus();
  const cancelling = status === 'cancelled' && order.status !== 'cancelled';

  function save() {
    if (status === order.status) return onClose();
    update.mutate(
      { order, status, cancel_reason: cancelling ? reason.trim() || undefined : undefined },
      {
        onSuccess: (result) => {
          toast.success(result?.message || `Pedido #${order.order_number}: ${ORDER_STATUS_LABELS[status]}`);
          onClose();
        },
        onError: (error) => toast.error(errorText, { description: errorMessage(error, '') || undefined }),
      },
    );
  }

  return (
    <Modal
      open
      onClose={() => !update.isPending && onClose()}
      title={`Estado del pedido #${order.order_number}`}
      className="!max-w-md"
      footer={
        <DialogActions onCancel={onClose} cancelLabel="Cerrar" busy={update.isPending}>
          <Button variant={cancelling ? 'danger' : 'primary'} onClick={save} loading={update.isPending} loadingText="Guardando...">
            {cancelling ? 'Sí, cancelar el pedido' : 'Guardar estado'}
          </Button>
        </DialogActions>
      }
    >
      <fieldset>
        <legend className="mb-2 text-sm text-stone-600">Elige el nuevo estado:</legend>
        <div className="space-y-2">
          {ORDER_STATUSES.map((s) => (
            <label
              key={s}
              className="flex cursor-pointer items-start gap-3 rounded-lg border border-stone-300 px-3 py-2.5 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
            >
              <input
                type="radio"
                name="order-status"
                value={s}
                checked={status === s}
                onChange={() => setStatus(s)}
                className="mt-0.5 accent-brand-700"
              />
              <span>
                <span className="block text-sm font-semibold text-stone-900">
                  {ORDER_STATUS_LABELS[s]}
                  {s === order.status && <span className="font-normal text-stone-500"> (actual)</span>}
                </span>
                <span className="block text-xs text-stone-600">{HINTS[s]}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {cancelling && (
        <div className="mt-4 space-y-2">
          <TextAreaField
            label="Motivo de la cancelación"
            hint="El cliente lo lee en el email que le avisa la cancelación."
            rows={2}
            maxLength={300}
            placeholder="Por ejemplo: no nos llegó la transferencia."
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
          {order.payment && (
            <p className="rounded-lg bg-amber-50 p-2 text-sm text-amber-900">
              Este pedido tiene un pago de {formatArs(order.payment.amount)}: queda un reembolso pendiente hasta que lo registres.
            </p>
          )}
        </div>
      )}
    </Modal>
  );
}
