// 'Mis Pedidos' (spec accounts-admin §2 customer orders): active orders, newest first; a pending
// order can be cancelled or lose a line, each after a confirmation. Issue 13: each order shows its
// timeline with the tracking link, and an unpaid one how to pay, with a WhatsApp message to the shop.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../lib/toast';
import { formatDateTime } from '../../../domain/dates';
import { whatsappUrl } from '../../../domain/fulfilment-steps';
import { factsOfDto, refusal } from '../../../domain/order-lifecycle';
import { formatArs } from '../../../domain/money';
import { formatPhone } from '../../../domain/phone-format';
import { presentationName, seedsLabel } from '../../../domain/plural';
import { joinAddress } from '../../../domain/shipping';
import { SHOP_NAME } from '../../../domain/shop';
import { ApiError } from '../../lib/api';
import { useCloseOnRefusal } from '../../lib/refusal';
import { Thumbnail } from '../../components/Thumbnail';
import { OrderMoneyList, OrderStageBadge } from '../../components/OrderSummary';
import { OrderTimeline } from '../../components/OrderTimeline';
import { Button, buttonClass } from '../../components/ui/Button';
import { ConfirmModal } from '../../components/ui/ConfirmModal';
import { LoadMore } from '../../components/ui/states';
import { PackageIcon, TrashIcon } from '../../components/ui/account-icons';
import { EmptySection, SectionStates } from './SectionStates';
import { ReorderButton } from './ReorderButton';
import { cancelOrder, removeOrderLine, useMyOrders, type OrderDto, type OrderProductDto } from './api';

type Pending = { kind: 'cancel'; order: OrderDto } | { kind: 'remove'; order: OrderDto; line: OrderProductDto } | null;

type View = 'active' | 'cancelled';

const CANCEL_LABELS = { title: 'Cancelar pedido', confirmLabel: 'Sí, cancelar pedido', busyLabel: 'Cancelando...' };
const REMOVE_LABELS = { title: 'Eliminar producto del pedido', confirmLabel: 'Sí, eliminar', busyLabel: 'Eliminando...' };

export function OrdersSection() {
  const [view, setView] = useState<View>('active');
  const orders = useMyOrders(view);
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Pending>(null);
  const closeOnRefusal = useCloseOnRefusal();

  const action = useMutation({
    mutationFn: (p: NonNullable<Pending>) => (p.kind === 'cancel' ? cancelOrder(p.order) : removeOrderLine(p.order, p.line)),
    onSuccess: async (answer) => {
      setPending(null);
      toast.success(answer.message);
      // Stock went back to the shop: product pages must not show the old figures.
      await queryClient.invalidateQueries();
    },
    onError: (e) => {
      toast.error(e instanceof ApiError ? e.message : 'Error al procesar la acción');
      // Refused (the shop recorded the payment meanwhile, say): the dialog closes and the orders
      // are read again, so the page shows what the order is now.
      closeOnRefusal(e, () => setPending(null));
    },
  });

  return (
    <section aria-labelledby="orders-heading">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="orders-heading" className="text-xl font-bold text-stone-900">
          Mis Pedidos
        </h2>
        <div role="group" aria-label="Qué pedidos ver" className="inline-flex rounded-lg border border-stone-300 bg-white p-0.5 text-sm">
          {(
            [
              ['active', 'Activos'],
              ['cancelled', 'Cancelados'],
            ] as const
          ).map(([id, label]) => (
            <button
              key={id}
              type="button"
              aria-pressed={view === id}
              onClick={() => setView(id)}
              className={`rounded-md px-3 py-1.5 font-medium ${view === id ? 'bg-brand-700 text-white' : 'text-stone-700 hover:bg-stone-100'}`}
            >
              {label}
            </button>
          ))}
        </div>
      </div>
      <div className="mt-4">
        <SectionStates
          query={orders}
          loadingLabel="Cargando pedidos..."
          errorTitle="Error al cargar tus pedidos"
          empty={
            orders.orders.length === 0 && !orders.hasNextPage ? (
              <EmptySection icon={PackageIcon} title={view === 'active' ? 'No tienes pedidos activos' : 'No tienes pedidos cancelados'} />
            ) : null
          }
        >
          <ul className="space-y-4">
            {orders.orders.map((order) => (
              <li key={order.id}>
                <OrderCard
                  order={order}
                  onCancel={() => setPending({ kind: 'cancel', order })}
                  onRemoveLine={(line) => setPending({ kind: 'remove', order, line })}
                />
              </li>
            ))}
          </ul>
          <LoadMore query={orders} label="Ver pedidos anteriores" className="mt-4" />
        </SectionStates>
      </div>

      <ConfirmModal
        open={pending !== null}
        {...(pending?.kind === 'remove' ? REMOVE_LABELS : CANCEL_LABELS)}
        cancelLabel="Volver"
        busy={action.isPending}
        onClose={() => setPending(null)}
        onConfirm={() => pending && action.mutate(pending)}
      >
        {pending?.kind === 'cancel' && (
          <>¿Seguro que quieres cancelar el pedido #{pending.order.order_number}? Esta acción no se puede deshacer.</>
        )}
        {pending?.kind === 'remove' && (
          <>
            ¿Quieres eliminar <strong>{lineName(pending.line)}</strong> del pedido #{pending.order.order_number}?
            {pending.order.order_products.length === 1 && ' Es el único producto: el pedido se cancelará.'}
          </>
        )}
      </ConfirmModal>
    </section>
  );
}

const customerMayChange = (order: OrderDto) => refusal(factsOfDto(order), 'customer_change') === null;

/** A paid or shipped order is changed by the shop: the customer writes to it. */
function AskTheShop({ order }: { order: OrderDto }) {
  const whatsapp = whatsappUrl(order.shop_whatsapp, `Hola, quiero cambiar mi pedido #${order.order_number} en ${SHOP_NAME}.`);
  if (!whatsapp) return <p className="text-sm text-stone-700">Escríbenos para cambiar este pedido (responde el email de confirmación).</p>;
  return <WhatsappLink href={whatsapp}>Escríbenos para cambiar este pedido</WhatsappLink>;
}

function WhatsappLink({ href, className = '', children }: { href: string; className?: string; children: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={buttonClass('secondary', `border-green-600 text-green-800 hover:bg-green-50 ${className}`, 'md')}
    >
      {children}
      <span className="sr-only"> (se abre en una pestaña nueva)</span>
    </a>
  );
}

/** Why the order was cancelled, and what happens with the money if it was paid. */
function CancelledNote({ order }: { order: OrderDto }) {
  return (
    <div className="mx-4 mb-3 rounded-xl border border-stone-200 bg-stone-50 p-3 text-sm text-stone-800 sm:mx-5">
      {order.cancel_reason && <p>Motivo: {order.cancel_reason}</p>}
      {order.refund?.status === 'owed' && <p className="mt-1 font-medium">Te devolveremos {formatArs(order.refund.amount)}.</p>}
      {order.refund?.status === 'done' && (
        <p className="mt-1 font-medium">
          Te devolvimos {formatArs(order.refund.amount)}
          {order.refund.refunded_at ? ` el ${formatDateTime(order.refund.refunded_at)}` : ''}.
        </p>
      )}
    </div>
  );
}

/** The customer's first message to the shop about paying an order. */
export const paymentMessage = (order: Pick<OrderDto, 'order_number' | 'total'>) =>
  `Hola, te escribo por mi pedido #${order.order_number} de ${formatArs(order.total)} en ${SHOP_NAME}.`;

/** How to pay an order not yet paid: amount, number, the shop's details and WhatsApp. */
function PaymentInstructions({ order }: { order: OrderDto }) {
  const whatsapp = whatsappUrl(order.shop_whatsapp, paymentMessage(order));
  return (
    <section
      aria-label={`Cómo pagar el pedido #${order.order_number}`}
      className="mx-4 mb-3 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-stone-800 sm:mx-5"
    >
      <p className="font-semibold text-stone-900">
        Total a pagar: {formatArs(order.total)} · Pedido #{order.order_number}
      </p>
      {order.payment_instructions ? (
        <>
          <p className="mt-1 whitespace-pre-line break-words">{order.payment_instructions}</p>
          <p className="mt-1 text-xs text-stone-600">Indica el número de pedido en la transferencia o en tu mensaje.</p>
        </>
      ) : (
        <p className="mt-1">Te enviamos por email los pasos para el pago y la entrega.</p>
      )}
      {whatsapp && (
        <WhatsappLink href={whatsapp} className="mt-3 w-full sm:w-auto">
          Avisar el pago por WhatsApp
        </WhatsappLink>
      )}
    </section>
  );
}

/** Where the order goes: the customer's address for home delivery, the shop's for a pickup. */
function DeliveryPlace({ order }: { order: OrderDto }) {
  const kind = order.shipping?.kind;
  if (kind === 'home' && order.address) return <Place label="Dirección">{joinAddress(order.address)}</Place>;
  // A pickup's shipping_address is 'Retiro en <the shop's address>' (domain/shipping.ts deliveryText).
  if (kind === 'pickup') return <Place label="Retiras en">{order.shipping_address.replace(/^Retiro en /, '')}</Place>;
  return null;
}

function Place({ label, children }: { label: string; children: string }) {
  return (
    <div className="sm:col-span-2">
      <dt className="inline text-stone-500">{label}: </dt>
      <dd className="inline break-words">{children}</dd>
    </div>
  );
}

/** The total, and with a shipping method or a coupon the subtotal, shipping and coupon it adds up from. */
function OrderTotals({ order }: { order: OrderDto }) {
  return <OrderMoneyList order={order} inline label={`Importes del pedido #${order.order_number}`} />;
}

/** "N semillas" of a presentation, or nothing when the line has no blister. */
const seedsOf = (n: number | null | undefined) => (n ? seedsLabel(n) : null);

/** A line by its product and presentation: two presentations of one product are two lines. */
const lineName = (line: OrderProductDto) => presentationName(line.product_name, line.blister_info?.seed_count);

function OrderCard({
  order,
  onCancel,
  onRemoveLine,
}: {
  order: OrderDto;
  onCancel: () => void;
  onRemoveLine: (line: OrderProductDto) => void;
}) {
  // The lifecycle decides (domain/order-lifecycle.ts): only an order awaiting payment changes here.
  const editable = customerMayChange(order);
  const askTheShop = !editable && (order.stage === 'paid' || order.stage === 'shipped');
  return (
    <article
      className="overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm"
      aria-label={`Pedido #${order.order_number}`}
    >
      <header className="flex flex-wrap items-center justify-between gap-2 border-b border-stone-200 bg-stone-50 px-4 py-3 sm:px-5">
        <div>
          <h3 className="font-semibold text-stone-900">Pedido #{order.order_number}</h3>
          <p className="text-sm text-stone-600">
            <time dateTime={order.created_at}>{formatDateTime(order.created_at)}</time>
          </p>
        </div>
        <OrderStageBadge order={order} />
      </header>
      <OrderTimeline order={order} formatAt={formatDateTime} className="border-b border-stone-200 px-4 py-3 sm:px-5" />
      <ul className="divide-y divide-stone-100 px-4 sm:px-5">
        {order.order_products.map((line) => (
          <li key={line.id} className="flex items-center gap-3 py-3">
            <Thumbnail
              src={line.product_image}
              size={56}
              className="h-14 w-14 shrink-0 rounded-lg border border-stone-200 object-contain"
            />
            <div className="min-w-0 flex-1">
              {line.product ? (
                <Link to={`/producto/${line.product}`} className="font-medium text-stone-900 hover:text-brand-800 hover:underline">
                  {line.product_name}
                </Link>
              ) : (
                <span className="font-medium text-stone-900">{line.product_name}</span>
              )}
              <p className="text-sm text-stone-600">
                {[line.product_brand, seedsOf(line.blister_info?.seed_count)].filter(Boolean).join(' · ')}
              </p>
              <p className="text-sm text-stone-700">
                {line.quantity} x {formatArs(line.price_at_time)}
              </p>
            </div>
            <p className="hidden font-semibold text-stone-900 sm:block">{formatArs(line.quantity * line.price_at_time)}</p>
            {editable && (
              <button
                type="button"
                onClick={() => onRemoveLine(line)}
                className="rounded-lg p-2 text-stone-500 hover:bg-red-50 hover:text-red-700"
                aria-label={`Eliminar ${lineName(line)} del pedido #${order.order_number}`}
              >
                <TrashIcon size={18} />
              </button>
            )}
          </li>
        ))}
      </ul>
      {editable && <PaymentInstructions order={order} />}
      {order.status === 'cancelled' && <CancelledNote order={order} />}
      <footer className="space-y-3 border-t border-stone-200 px-4 py-3 sm:px-5">
        <dl className="grid gap-x-4 gap-y-1 text-sm text-stone-700 sm:grid-cols-2">
          <div>
            <dt className="inline text-stone-500">Recibe: </dt>
            <dd className="inline">{order.recipient_name}</dd>
          </div>
          <div>
            <dt className="inline text-stone-500">Teléfono: </dt>
            <dd className="inline">{formatPhone(order.customer_phone)}</dd>
          </div>
          <div>
            <dt className="inline text-stone-500">Entrega: </dt>
            <dd className="inline">{order.shipping ? order.shipping.name : order.delivery_type_display}</dd>
          </div>
          <DeliveryPlace order={order} />
        </dl>
        <div className="flex flex-wrap items-end justify-between gap-3">
          <OrderTotals order={order} />
          <ReorderButton order={order} />
          {editable && (
            <Button variant="dangerOutline" onClick={onCancel}>
              Cancelar pedido
            </Button>
          )}
          {askTheShop && <AskTheShop order={order} />}
        </div>
      </footer>
    </article>
  );
}
