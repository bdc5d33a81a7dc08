import { REFUND_STATUS_LABELS } from '../../../../domain/order-lifecycle';
import type { OrderDto } from '../../../../domain/orders';
import { OrderStageBadge } from '../../../components/OrderSummary';
import { Badge } from '../../../components/ui/Badge';

/** The order's stage (Esperando pago, Pagado, por enviar, Enviado…), its refund and whether it is archived. */
export function OrderStatusBadge({ order }: { order: Pick<OrderDto, 'stage' | 'is_archived'> & Partial<Pick<OrderDto, 'refund'>> }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      <OrderStageBadge order={order} />
      {order.refund && (
        <Badge tone={order.refund.status === 'owed' ? 'danger' : 'neutral'}>{REFUND_STATUS_LABELS[order.refund.status]}</Badge>
      )}
      {order.is_archived && <Badge tone="neutral">Archivado</Badge>}
    </span>
  );
}
