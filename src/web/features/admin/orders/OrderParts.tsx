// Pieces shared by the order list, its details modal and the order page.
import { Link } from 'react-router';
import { CARRIER_LABELS, PAYMENT_METHOD_LABELS } from '../../../../domain/fulfilment-steps';
import type { OrderDto } from '../../../../domain/orders';
import { formatPhone } from '../../../../domain/phone-format';
import { seedsLabel } from '../../../../domain/plural';
import { truncate } from '../../../../domain/text';
import { formatArs, formatDate, formatDateTime } from '../lib/format';
import { customerWhatsappLink, mailtoLink } from './contact';
import { OrderMoneyList } from '../../../components/OrderSummary';
import { Thumbnail } from '../../../components/Thumbnail';
import { Badge } from '../../../components/ui/Badge';
import { ChatIcon, PhoneIcon } from '../../../components/ui/admin-icons';
import { MailIcon } from '../../../components/ui/icons';

export function customerName(order: OrderDto): string {
  const { first_name, last_name, username } = order.customer;
  return `${first_name ?? ''} ${last_name ?? ''}`.trim() || username || order.recipient_name;
}

export const unitsOf = (order: OrderDto) => order.order_products.reduce((sum, line) => sum + line.quantity, 0);

/** '3 unidades' */
export function unitsLabel(order: OrderDto): string {
  const units = unitsOf(order);
  return `${units} ${units === 1 ? 'unidad' : 'unidades'}`;
}

/** Which products: 'Amnesia Haze x2, Gelato x1' */
export const productsSummary = (order: OrderDto) => order.order_products.map((l) => `${l.product_name} x${l.quantity}`).join(', ');

/** The staff's order list filtered to one customer (by e-mail, which the search matches). */
export const customerOrdersPath = (order: OrderDto) =>
  `/admin/pedidos?${new URLSearchParams({ status: 'all', search: order.customer_email || order.recipient_name })}`;

/** Paid (with its date) or waiting for payment; nothing for a cancelled order that was never paid. */
export function PaymentBadge({ order, detailed }: { order: OrderDto; detailed?: boolean }) {
  if (order.payment)
    return (
      <span className="inline-flex flex-col items-start gap-0.5">
        <Badge tone="success">Pagado</Badge>
        {detailed && (
          <span className="text-xs text-stone-600">
            {formatDate(order.payment.paid_at)} · {PAYMENT_METHOD_LABELS[order.payment.method]}
          </span>
        )}
      </span>
    );
  if (order.status === 'cancelled') return <span className="text-xs text-stone-500">—</span>;
  return <Badge tone="warning">Sin pagar</Badge>;
}

/** Carrier and tracking code (linked when the carrier has a tracking page), or not shipped yet. */
export function ShipmentState({ order }: { order: OrderDto }) {
  const { shipment } = order;
  if (!shipment) {
    if (order.status === 'completed') return <Badge tone="success">Entregado</Badge>;
    if (order.status === 'cancelled') return <span className="text-xs text-stone-500">—</span>;
    return <Badge tone="neutral">Sin enviar</Badge>;
  }
  return (
    <span className="inline-flex flex-col items-start gap-0.5">
      <Badge tone="info">{CARRIER_LABELS[shipment.carrier]}</Badge>
      {shipment.tracking_code &&
        (shipment.tracking_url ? (
          <a
            href={shipment.tracking_url}
            target="_blank"
            rel="noopener noreferrer"
            className="break-all font-mono text-xs text-sky-800 underline underline-offset-2"
          >
            {shipment.tracking_code}
          </a>
        ) : (
          <span className="break-all font-mono text-xs text-stone-700">{shipment.tracking_code}</span>
        ))}
    </span>
  );
}

/** WhatsApp, call and e-mail links for the customer. */
export function ContactLinks({ order, compact }: { order: OrderDto; compact?: boolean }) {
  const whatsapp = customerWhatsappLink(order.customer_phone, { order_number: order.order_number, first_name: order.customer.first_name });
  const mail = mailtoLink(order.customer_email);
  const linkClass = compact
    ? 'inline-flex min-h-9 min-w-9 items-center justify-center rounded-lg text-stone-600 hover:bg-stone-100 hover:text-stone-900'
    : 'inline-flex min-h-9 items-center gap-1.5 rounded-lg border border-stone-300 bg-white px-3 text-sm font-medium text-stone-800 hover:bg-stone-50';
  return (
    <div className="flex flex-wrap gap-1.5">
      {whatsapp && (
        <a
          href={whatsapp}
          target="_blank"
          rel="noopener noreferrer"
          className={linkClass}
          aria-label={`WhatsApp a ${customerName(order)} (se abre en una pestaña nueva)`}
          title="WhatsApp"
        >
          <ChatIcon size={16} className="text-green-700" />
          {!compact && 'WhatsApp'}
        </a>
      )}
      {!compact && order.customer_phone && (
        <a href={`tel:${order.customer_phone.replace(/[^\d+]/g, '')}`} className={linkClass}>
          <PhoneIcon size={16} />
          Llamar
        </a>
      )}
      {mail && (
        <a href={mail} className={linkClass} aria-label={`Enviar email a ${order.customer_email}`} title="Email">
          <MailIcon size={16} className="text-sky-700" />
          {!compact && 'Email'}
        </a>
      )}
    </div>
  );
}

function InfoRow({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[7.5rem_1fr] gap-2 py-1.5 text-sm">
      <dt className="text-stone-500">{label}</dt>
      <dd className="min-w-0 break-words text-stone-900">{children}</dd>
    </div>
  );
}

/** How the order is delivered, in a few words: its shipping method and price, or the spec's delivery type. */
export function deliveryShort(order: Pick<OrderDto, 'shipping' | 'delivery_type_display'>): string {
  if (!order.shipping) return order.delivery_type_display;
  return `${order.shipping.name} · ${order.shipping.price === 0 ? 'sin cargo' : formatArs(order.shipping.price)}`;
}

/** Customer, delivery and lines of one order. */
export function OrderDetails({ order, wide }: { order: OrderDto; wide?: boolean }) {
  return (
    <div className={wide ? 'grid gap-6 lg:grid-cols-[2fr_3fr]' : 'space-y-5'}>
      <section aria-labelledby={`order-${order.id}-customer`}>
        <h3 id={`order-${order.id}-customer`} className="mb-1 text-xs font-semibold uppercase tracking-wide text-stone-500">
          Cliente
        </h3>
        <dl className="divide-y divide-stone-100">
          <InfoRow label="Nombre">
            {order.customer.id ? (
              <Link to={`/admin/usuarios/${order.customer.id}`} className="font-medium text-sky-800 underline underline-offset-2">
                {customerName(order)}
              </Link>
            ) : (
              customerName(order)
            )}
            {order.customer.username && <span className="text-stone-500"> (@{order.customer.username})</span>}
            <Link to={customerOrdersPath(order)} className="block text-xs font-medium text-sky-800 underline underline-offset-2">
              Ver pedidos del cliente
            </Link>
          </InfoRow>
          <InfoRow label="Destinatario">{order.recipient_name}</InfoRow>
          <InfoRow label="Email">{order.customer_email || '—'}</InfoRow>
          <InfoRow label="Teléfono">{formatPhone(order.customer_phone) || '—'}</InfoRow>
          <InfoRow label="Entrega">
            {order.shipping ? deliveryShort(order) : order.delivery_type_display}
            {(order.delivery_type === 'address' || order.shipping) && (
              <span className="block text-stone-600">{order.shipping_address}</span>
            )}
          </InfoRow>
          <InfoRow label="Fecha">{formatDateTime(order.created_at)}</InfoRow>
          <InfoRow label="Pago">
            <PaymentBadge order={order} detailed />
          </InfoRow>
          <InfoRow label="Envío">
            <ShipmentState order={order} />
          </InfoRow>
          {order.cancel_reason && <InfoRow label="Motivo">{order.cancel_reason}</InfoRow>}
        </dl>
        <div className="mt-2">
          <ContactLinks order={order} />
        </div>
      </section>

      <section aria-labelledby={`order-${order.id}-lines`}>
        <h3 id={`order-${order.id}-lines`} className="mb-2 text-xs font-semibold uppercase tracking-wide text-stone-500">
          Productos
        </h3>
        <ul className="divide-y divide-stone-100 rounded-lg border border-stone-200">
          {order.order_products.map((line) => (
            <li key={line.id} className="flex gap-3 p-2.5">
              <Thumbnail src={line.product_image} size={48} className="h-12 w-12 shrink-0 rounded-md bg-stone-100 object-cover" />
              <div className="min-w-0 flex-1">
                <p className="text-sm font-medium text-stone-900">
                  {line.product_id ? (
                    <Link to={`/admin/productos/editar/${line.product_id}`} className="hover:underline">
                      {line.product_name}
                    </Link>
                  ) : (
                    line.product_name
                  )}
                </p>
                <p className="text-xs text-stone-500">
                  {[line.product_brand, line.blister_info.seed_count ? seedsLabel(line.blister_info.seed_count) : null]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
                {line.product_description && <p className="text-xs text-stone-500">{truncate(line.product_description, 40)}</p>}
              </div>
              <div className="shrink-0 text-right text-sm">
                <p className="text-stone-600">
                  {line.quantity} x {formatArs(line.price_at_time)}
                </p>
                <p className="font-semibold text-stone-900">{formatArs(line.subtotal)}</p>
              </div>
            </li>
          ))}
        </ul>
        <OrderMoneyList order={order} className="mt-2 px-1" />
      </section>
    </div>
  );
}
