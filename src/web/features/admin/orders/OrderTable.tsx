// The dense view of 'Lista de Pedidos' (issue 13): one row per order with its number, date,
// customer, items, total, payment and shipment, selectable for bulk actions, sortable by date and
// total. On a phone the table scrolls inside its own box, its actions column held at the right.
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { OrderDto, OrderOrdering } from '../../../../domain/orders';
import { formatPhone } from '../../../../domain/phone-format';
import { formatArs, formatDateTime } from '../lib/format';
import { ContactLinks, customerName, deliveryShort, PaymentBadge, productsSummary, ShipmentState, unitsLabel } from './OrderParts';
import { OrderStatusBadge } from '../ui/OrderStatusBadge';
import { IconButton } from '../../../components/ui/Button';
import { EyeIcon } from '../../../components/ui/icons';

type SortField = 'created_at' | 'total';

function SortHeader({
  field,
  label,
  ordering,
  onSort,
  className = '',
}: {
  field: SortField;
  label: string;
  ordering: OrderOrdering;
  onSort: (ordering: OrderOrdering) => void;
  className?: string;
}) {
  const active = ordering.replace('-', '') === field;
  const descending = ordering.startsWith('-');
  // A new column starts newest / largest first; the active one flips.
  const next: OrderOrdering = active ? (descending ? field : `-${field}`) : (`-${field}` as OrderOrdering);
  return (
    <th scope="col" aria-sort={active ? (descending ? 'descending' : 'ascending') : 'none'} className={className}>
      <button
        type="button"
        onClick={() => onSort(next)}
        className="inline-flex items-center gap-1 rounded font-semibold uppercase hover:text-stone-900"
        title={`Ordenar por ${label.toLowerCase()}`}
      >
        {label}
        <span aria-hidden="true" className={active ? 'text-stone-900' : 'text-stone-300'}>
          {active && !descending ? '▲' : '▼'}
        </span>
      </button>
    </th>
  );
}

/**
 * The day over its time: one line would widen the table past a 1280 px screen beside the sidebar,
 * pushing the row's actions out of sight (issue 34).
 */
function OrderDate({ value }: { value: string }) {
  const [day, time] = formatDateTime(value).split(' ');
  return (
    <>
      <span className="block">{day}</span>
      {time && <span className="block text-xs text-stone-500">{time}</span>}
    </>
  );
}

/** The header checkbox: checked when every row is selected, mixed when some are. */
function SelectAll({ orders, selected, onToggleAll }: { orders: OrderDto[]; selected: ReadonlySet<number>; onToggleAll: () => void }) {
  const ref = useRef<HTMLInputElement>(null);
  const count = orders.filter((o) => selected.has(o.id)).length;
  const all = orders.length > 0 && count === orders.length;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = count > 0 && !all;
  }, [count, all]);
  return (
    <input
      ref={ref}
      type="checkbox"
      checked={all}
      onChange={onToggleAll}
      aria-label={`Seleccionar los ${orders.length} pedidos visibles`}
      className="h-4 w-4 accent-brand-700"
    />
  );
}

export function OrderTable({
  orders,
  selected,
  ordering,
  onToggle,
  onToggleAll,
  onSort,
  onDetails,
  busy,
  fetching,
}: {
  orders: OrderDto[];
  selected: ReadonlySet<number>;
  ordering: OrderOrdering;
  onToggle: (order: OrderDto) => void;
  onToggleAll: () => void;
  onSort: (ordering: OrderOrdering) => void;
  onDetails: (order: OrderDto) => void;
  /** Showing the previous filters' rows while the new ones load. */
  busy?: boolean;
  fetching?: boolean;
}) {
  return (
    <div
      className={`relative overflow-x-auto rounded-xl border border-stone-200 bg-white shadow-xs ${busy ? 'opacity-60' : ''}`}
      // relative: the screen-reader texts inside are absolutely placed and, measured from an outer
      // box, would widen the page instead of scrolling here.
      role="region"
      aria-label="Tabla de pedidos"
      aria-busy={fetching}
      // A scrollable region must be reachable by keyboard (axe: scrollable-region-focusable).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
    >
      <table className="w-full min-w-[60rem] text-left text-sm">
        <thead className="border-b border-stone-200 bg-stone-50 text-xs uppercase tracking-wide text-stone-600">
          <tr className="[&>th]:px-2 [&>th]:py-2.5">
            <th scope="col" className="w-10">
              <SelectAll orders={orders} selected={selected} onToggleAll={onToggleAll} />
            </th>
            <th scope="col">Pedido</th>
            <SortHeader field="created_at" label="Fecha" ordering={ordering} onSort={onSort} />
            <th scope="col">Cliente</th>
            <th scope="col">Artículos</th>
            <SortHeader field="total" label="Total" ordering={ordering} onSort={onSort} className="text-right" />
            <th scope="col">Pago</th>
            <th scope="col">Envío</th>
            <th scope="col" className="sticky right-0 bg-stone-50">
              <span className="sr-only">Acciones</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {orders.map((order) => {
            const isSelected = selected.has(order.id);
            return (
              <tr
                key={order.id}
                className={`align-top [&>td]:px-2 [&>td]:py-2 ${isSelected ? 'bg-brand-50' : 'bg-white hover:bg-stone-50'}`}
              >
                <td>
                  <input
                    type="checkbox"
                    checked={isSelected}
                    onChange={() => onToggle(order)}
                    aria-label={`Seleccionar pedido #${order.order_number}`}
                    className="mt-0.5 h-4 w-4 accent-brand-700"
                  />
                </td>
                <td className="whitespace-nowrap">
                  <Link to={`/admin/pedidos/${order.order_number}`} className="font-semibold text-stone-900 hover:underline">
                    #{order.order_number}
                  </Link>
                  {order.status !== 'pending' && (
                    <span className="mt-0.5 block">
                      <OrderStatusBadge order={order} />
                    </span>
                  )}
                </td>
                <td className="whitespace-nowrap text-stone-700">
                  <OrderDate value={order.created_at} />
                </td>
                <td className="max-w-44">
                  <span className="block truncate font-medium text-stone-900">{customerName(order)}</span>
                  <span className="block truncate text-xs text-stone-500">{formatPhone(order.customer_phone) || order.customer_email}</span>
                </td>
                <td className="max-w-64 min-w-40">
                  <span className="line-clamp-2 text-stone-800" title={productsSummary(order)}>
                    {productsSummary(order)}
                  </span>
                  <span className="block text-xs text-stone-500">{unitsLabel(order)}</span>
                </td>
                <td className="whitespace-nowrap text-right font-semibold tabular-nums text-stone-900">{formatArs(order.total)}</td>
                <td>
                  <PaymentBadge order={order} />
                </td>
                <td className="max-w-48">
                  <span className="mb-0.5 block truncate text-xs text-stone-700" title={order.shipping_address || undefined}>
                    {deliveryShort(order)}
                  </span>
                  <ShipmentState order={order} />
                </td>
                {/* Held at the right edge: a table wider than the screen still shows its actions. */}
                <td className="sticky right-0 w-px bg-inherit">
                  <div className="flex min-w-max items-center justify-end">
                    <ContactLinks order={order} compact />
                    <IconButton label={`Ver pedido #${order.order_number}`} onClick={() => onDetails(order)}>
                      <EyeIcon size={16} />
                    </IconButton>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
