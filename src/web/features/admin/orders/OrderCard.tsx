// One order of 'Lista de Pedidos': number, status, payment and shipment, customer, lines summary,
// total, actions, and a checkbox for the bulk actions.
import { Link } from 'react-router';
import type { OrderDto } from '../../../../domain/orders';
import { formatArs, formatDateTime } from '../lib/format';
import { ContactLinks, customerName, deliveryShort, PaymentBadge, ShipmentState, unitsOf } from './OrderParts';
import { OrderStatusBadge } from '../ui/OrderStatusBadge';
import { Button, IconButton } from '../../../components/ui/Button';
import { EyeIcon, EditIcon } from '../../../components/ui/icons';
import { TrashIcon } from '../../../components/ui/account-icons';

export function OrderCard({
  order,
  onDetails,
  onEdit,
  onDelete,
  selected,
  onToggle,
}: {
  order: OrderDto;
  onDetails: () => void;
  onEdit: () => void;
  onDelete: () => void;
  selected?: boolean;
  onToggle?: () => void;
}) {
  const lines = order.order_products;
  const units = unitsOf(order);
  return (
    <article
      className={`flex flex-col rounded-xl border bg-white shadow-xs ${selected ? 'border-brand-600 ring-1 ring-brand-600' : 'border-stone-200'}`}
    >
      <div className="flex items-start justify-between gap-2 px-3 pt-3">
        {onToggle && (
          <input
            type="checkbox"
            checked={!!selected}
            onChange={onToggle}
            aria-label={`Seleccionar pedido #${order.order_number}`}
            className="mt-1 h-4 w-4 shrink-0 accent-brand-700"
          />
        )}
        <div className="min-w-0 flex-1">
          <h2 className="text-sm font-bold text-stone-900">
            <Link to={`/admin/pedidos/${order.order_number}`} className="hover:underline">
              Pedido #{order.order_number}
            </Link>
          </h2>
          <p className="text-xs text-stone-500">{formatDateTime(order.created_at)}</p>
        </div>
        <OrderStatusBadge order={order} />
      </div>
      {order.status === 'pending' && (
        <div className="flex flex-wrap items-start gap-1.5 px-3 pt-2 text-xs">
          <PaymentBadge order={order} />
          <ShipmentState order={order} />
        </div>
      )}
      <div className="px-3 py-2">
        <p className="truncate text-sm font-medium text-stone-900">{customerName(order)}</p>
        {order.recipient_name && order.recipient_name !== customerName(order) && (
          <p className="truncate text-xs text-stone-500">Recibe: {order.recipient_name}</p>
        )}
        <p className="truncate text-xs text-stone-600" title={order.shipping_address || undefined}>
          Entrega: {deliveryShort(order)}
        </p>
        <p className="mt-1 line-clamp-2 text-xs text-stone-600">
          {lines
            .map((l) => `${l.quantity}x ${l.product_name}${l.blister_info.seed_count ? ` (x${l.blister_info.seed_count})` : ''}`)
            .join(', ')}
        </p>
      </div>
      <div className="mt-auto flex items-center justify-between gap-2 px-3 pb-2">
        <p className="text-xs text-stone-500">
          {units} {units === 1 ? 'unidad' : 'unidades'}
        </p>
        <p className="text-base font-bold text-stone-900">{formatArs(order.total)}</p>
      </div>
      <div className="flex items-center gap-1 border-t border-stone-100 px-2 py-1.5">
        <Button variant="ghostMuted" size="sm" className="min-h-9" onClick={onDetails}>
          <EyeIcon size={16} />
          Detalles
        </Button>
        <Button variant="ghostMuted" size="sm" className="min-h-9" onClick={onEdit}>
          <EditIcon size={16} />
          Estado
        </Button>
        <div className="ml-auto flex items-center">
          <ContactLinks order={order} compact />
          <IconButton label={`Eliminar pedido #${order.order_number}`} variant="ghostDanger" onClick={onDelete}>
            <TrashIcon size={16} />
          </IconButton>
        </div>
      </div>
    </article>
  );
}
