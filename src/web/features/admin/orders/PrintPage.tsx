// /admin/pedidos/imprimir?pedidos=1,2,3 (issue 13; order numbers, as every staff address): the pick list of the selected orders (units per
// blister) and a packing slip per order, on A4 with one slip per page. Outside the admin
// frame, so nothing but the sheets is printed; the toolbar hides itself in print.
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { CARRIER_LABELS, PAYMENT_METHOD_LABELS } from '../../../../domain/fulfilment-steps';
import { orderMoneyLines } from '../../../../domain/order-money';
import type { OrderDto } from '../../../../domain/orders';
import { formatPhone, formatWhatsapp } from '../../../../domain/phone-format';
import { seedsLabel } from '../../../../domain/plural';
import { SHOP_NAME } from '../../../components/site';
import { documentTitle } from '../../../lib/page-title';
import { errorMessage, formatArs, formatDate, formatDateTime } from '../lib/format';
import { usePaymentSettings } from '../lib/payment-settings';
import { useOrdersByNumbers } from './api';
import { customerName, unitsOf } from './OrderParts';
import { addressLines, lineSeeds, parseOrderNumbers, pickList, shippingLine } from './print';
import { TableHead, TableScroll, figures } from '../ui/tables';
import { Button } from '../../../components/ui/Button';
import { ArrowLeftIcon } from '../../../components/ui/account-icons';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { Checkbox } from '../../../components/ui/checkboxes';

/** On a phone a table scrolls inside its sheet; on paper it simply fits. */
function TableBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <TableScroll label={label} className="relative print:overflow-visible">
      {children}
    </TableScroll>
  );
}

// Inline <style> elements are allowed by the CSP (attributes are not); A4 only for this page.
const PRINT_CSS = '@page { size: A4; margin: 12mm; }';

/** A sheet: an A4-wide page on screen; in print, the page itself, each one starting a new page. */
const SHEET =
  'rounded bg-white p-4 shadow-md sm:p-[12mm] break-after-page last:break-after-auto print:rounded-none print:p-0 print:shadow-none';

function ShopHeading({ contact }: { contact: string[] }) {
  return (
    <div className="flex items-start gap-3">
      <img src="/logo.svg" alt="" width={36} height={36} className="h-9 w-9" />
      <div>
        <p className="text-lg font-bold leading-tight">{SHOP_NAME}</p>
        {contact.length > 0 && <p className="text-xs text-stone-600">{contact.join(' · ')}</p>}
      </div>
    </div>
  );
}

function PickList({ orders, contact }: { orders: OrderDto[]; contact: string[] }) {
  const rows = pickList(orders);
  const units = rows.reduce((sum, row) => sum + row.units, 0);
  return (
    <section aria-labelledby="pick-list-title" className={SHEET}>
      <header className="mb-4 flex flex-wrap items-start justify-between gap-3 border-b-2 border-stone-900 pb-3">
        <ShopHeading contact={contact} />
        <div className="text-right">
          <h1 id="pick-list-title" className="text-xl font-bold">
            Lista de preparación
          </h1>
          <p className="text-xs text-stone-600">
            {formatDateTime(new Date().toISOString())} · {orders.length} {orders.length === 1 ? 'pedido' : 'pedidos'} · {units}{' '}
            {units === 1 ? 'unidad' : 'unidades'}
          </p>
        </div>
      </header>
      <TableBox label="Presentaciones a preparar">
        <table className="w-full border-collapse text-sm">
          <TableHead
            look="paper"
            columns={[
              { label: 'Preparado', className: 'w-8', srOnly: true },
              figures('Unidades'),
              { label: 'Banco', className: 'hidden sm:table-cell print:table-cell' },
              'Producto',
              'Presentación',
              'Pedidos',
            ]}
          />
          <tbody>
            {rows.map((row) => (
              <tr
                key={`${row.product_name}-${row.seed_count}-${row.orders.join('.')}`}
                className="break-inside-avoid border-b border-stone-200 align-top [&>td]:px-1.5 [&>td]:py-1.5"
              >
                <td>
                  <span className="inline-block h-4 w-4 border border-stone-500" aria-hidden="true" />
                </td>
                <td className="text-right text-base font-bold tabular-nums">{row.units}</td>
                <td className="hidden text-stone-700 sm:table-cell print:table-cell">{row.product_brand ?? '—'}</td>
                <td className="font-medium">
                  {row.product_name}
                  {row.product_brand && (
                    <span className="block text-xs font-normal text-stone-600 sm:hidden print:hidden">{row.product_brand}</span>
                  )}
                </td>
                <td>{row.seed_count ? seedsLabel(row.seed_count) : '—'}</td>
                <td className="text-xs text-stone-600">{row.orders.map((n) => `#${n}`).join(', ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableBox>
      <Deliveries orders={orders} />
    </section>
  );
}

/** Where each order goes and how, so parcels can be labelled and sorted by carrier. */
function Deliveries({ orders }: { orders: OrderDto[] }) {
  return (
    <>
      <h2 className="mb-2 mt-6 text-sm font-bold uppercase tracking-wide text-stone-700">Entregas</h2>
      <TableBox label="Entregas de los pedidos">
        <table className="w-full border-collapse text-sm">
          <TableHead look="paper" columns={['Pedido', 'Destinatario', 'Envío', 'Dirección']} />
          <tbody>
            {orders.map((order) => (
              <tr key={order.id} className="break-inside-avoid border-b border-stone-200 align-top [&>td]:px-1.5 [&>td]:py-1.5">
                <td className="whitespace-nowrap font-semibold">#{order.order_number}</td>
                <td>{order.recipient_name || customerName(order)}</td>
                <td className="min-w-32">{shippingLine(order) ?? order.delivery_type_display}</td>
                <td className="min-w-40 text-stone-700">{addressLines(order).join(', ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableBox>
    </>
  );
}

function PackingSlip({ order, contact }: { order: OrderDto; contact: string[] }) {
  const units = unitsOf(order);
  return (
    <article aria-label={`Remito del pedido #${order.order_number}`} className={SHEET}>
      <header className="mb-4 flex flex-wrap items-start justify-between gap-3 border-b-2 border-stone-900 pb-3">
        <ShopHeading contact={contact} />
        <div className="text-right">
          <h2 className="text-xl font-bold">Pedido #{order.order_number}</h2>
          <p className="text-xs text-stone-600">{formatDateTime(order.created_at)}</p>
        </div>
      </header>

      <div className="mb-4 grid gap-4 text-sm sm:grid-cols-2 print:grid-cols-2">
        <div>
          <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-stone-500">Cliente</h3>
          <p className="font-semibold">{order.recipient_name || customerName(order)}</p>
          {order.recipient_name && order.recipient_name !== customerName(order) && (
            <p className="text-stone-600">Cuenta: {customerName(order)}</p>
          )}
          <p>Tel.: {formatPhone(order.customer_phone) || '—'}</p>
          {order.customer_email && <p className="break-all">{order.customer_email}</p>}
        </div>
        <div>
          <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-stone-500">Entrega</h3>
          <address className="whitespace-pre-line font-semibold not-italic">
            {addressLines(order).map((line, i) => (
              <span key={i} className="block">
                {line}
              </span>
            ))}
          </address>
          {order.shipping && <p>Envío: {shippingLine(order)}</p>}
          {order.shipment && (
            <p>
              {CARRIER_LABELS[order.shipment.carrier]}
              {order.shipment.tracking_code && ` · Seguimiento: ${order.shipment.tracking_code}`}
            </p>
          )}
        </div>
      </div>

      <TableBox label={`Productos del pedido #${order.order_number}`}>
        <table className="w-full border-collapse text-sm">
          <TableHead look="paper" columns={['Producto', figures('Cant.'), figures('Semillas'), figures('Precio'), figures('Subtotal')]} />
          <tbody>
            {order.order_products.map((line) => {
              const seeds = lineSeeds(line);
              return (
                <tr key={line.id} className="break-inside-avoid border-b border-stone-200 align-top [&>td]:px-1.5 [&>td]:py-1.5">
                  <td>
                    <span className="font-medium">{line.product_name}</span>
                    <span className="block text-xs text-stone-600">
                      {[line.product_brand, line.blister_info.seed_count ? seedsLabel(line.blister_info.seed_count) : null]
                        .filter(Boolean)
                        .join(' · ')}
                    </span>
                  </td>
                  <td className="text-right tabular-nums">{line.quantity}</td>
                  <td className="whitespace-nowrap text-right tabular-nums">
                    {seeds === null ? '—' : line.quantity > 1 ? `${line.blister_info.seed_count} × ${line.quantity} = ${seeds}` : seeds}
                  </td>
                  <td className="whitespace-nowrap text-right tabular-nums">{formatArs(line.price_at_time)}</td>
                  <td className="whitespace-nowrap text-right tabular-nums">{formatArs(line.subtotal)}</td>
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            {/* The money lines every page shows (domain/order-money.ts); the total closes the table. */}
            {orderMoneyLines(order)
              .filter((line) => line.kind !== 'total')
              .map((line, i) => (
                <tr key={line.kind} className={`[&>td]:px-1.5 ${i === 0 ? '[&>td]:pt-2' : '[&>td]:pt-1'}`}>
                  <td colSpan={4} className="text-right text-stone-600">
                    {line.label}
                  </td>
                  <td className="whitespace-nowrap text-right tabular-nums">{line.value}</td>
                </tr>
              ))}
            <tr className="[&>td]:px-1.5 [&>td]:pt-2">
              <td className="text-stone-600">
                {units} {units === 1 ? 'unidad' : 'unidades'}
              </td>
              <td colSpan={3} className="text-right font-semibold">
                Total
              </td>
              <td className="whitespace-nowrap text-right text-lg font-bold tabular-nums">{formatArs(order.total)}</td>
            </tr>
          </tfoot>
        </table>
      </TableBox>

      <p className="mt-4 rounded border border-stone-300 px-3 py-2 text-sm">
        <span className="font-semibold">Pago: </span>
        {order.payment
          ? `Pagado el ${formatDate(order.payment.paid_at)} (${PAYMENT_METHOD_LABELS[order.payment.method]}, ${formatArs(order.payment.amount)})`
          : order.status === 'cancelled'
            ? 'Pedido cancelado'
            : `Pendiente de pago: ${formatArs(order.total)}`}
      </p>
      <p className="mt-6 text-center text-xs text-stone-500">¡Gracias por tu compra!</p>
    </article>
  );
}

export default function PrintPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const numbers = parseOrderNumbers(params.get('pedidos'));
  const orders = useOrdersByNumbers(numbers);
  const settings = usePaymentSettings();
  const [withPickList, setWithPickList] = useState(true);
  const [withSlips, setWithSlips] = useState(true);

  useEffect(() => {
    document.title = documentTitle('Imprimir pedidos - Administración');
  }, []);

  const whatsapp = settings.data?.whatsapp_number;
  const contact = [
    whatsapp ? `WhatsApp ${formatWhatsapp(whatsapp)}` : null,
    typeof window !== 'undefined' ? window.location.host : null,
  ].filter((part): part is string => !!part);
  const list = orders.data ?? [];

  return (
    <div className="min-h-screen bg-stone-200 text-stone-900 print:bg-white">
      <style>{PRINT_CSS}</style>
      <div className="sticky top-0 z-10 border-b border-stone-300 bg-white px-3 py-2.5 shadow-sm print:hidden">
        <div className="mx-auto flex max-w-[210mm] flex-wrap items-center gap-x-4 gap-y-2">
          <Link
            to="/admin/pedidos"
            onClick={(event) => {
              // Back to the list as it was (its filters are in its address), when it led here.
              if (location.key !== 'default') {
                event.preventDefault();
                void navigate(-1);
              }
            }}
            className="inline-flex items-center gap-1 text-sm text-stone-700 hover:text-stone-900"
          >
            <ArrowLeftIcon size={14} />
            Pedidos
          </Link>
          <p className="text-sm font-semibold">
            Imprimir {list.length} {list.length === 1 ? 'pedido' : 'pedidos'}
          </p>
          <Checkbox checked={withPickList} onChange={setWithPickList}>
            Lista de preparación
          </Checkbox>
          <Checkbox checked={withSlips} onChange={setWithSlips}>
            Remitos
          </Checkbox>
          <Button className="ml-auto" onClick={() => window.print()} disabled={list.length === 0}>
            Imprimir
          </Button>
        </div>
      </div>

      <main className="mx-auto max-w-[210mm] space-y-4 px-2 py-4 print:max-w-none print:space-y-0 print:p-0">
        {numbers.length === 0 ? (
          <ErrorState title="No hay pedidos para imprimir" detail="Selecciona pedidos en la lista y elige Imprimir." />
        ) : orders.isPending ? (
          <LoadingState label="Cargando pedidos..." />
        ) : orders.isError ? (
          <ErrorState
            title="Error al cargar los pedidos"
            detail={errorMessage(orders.error, '')}
            onRetry={() => void orders.refetch()}
            retrying={orders.isFetching}
          />
        ) : list.length === 0 ? (
          <ErrorState title="No se encontraron los pedidos" />
        ) : (
          <>
            {withPickList && <PickList orders={list} contact={contact} />}
            {withSlips && list.map((order) => <PackingSlip key={order.id} order={order} contact={contact} />)}
          </>
        )}
      </main>
    </div>
  );
}
