// GET /api/orders/export.csv (issue 13): the staff list with its filters, every page, as a CSV
// that Excel in Spanish opens as it is: UTF-8 with BOM, ';' between cells, CRLF lines, dates
// dd/mm/aaaa hh:mm on the shop's clock and amounts with a decimal comma. Written in batches, so
// a large export never holds every order in memory at once.
import { escapeFormula } from '../../../domain/catalog-sheet';
import { orderStageLabel, REFUND_STATUS_LABELS } from '../../../domain/order-lifecycle';
import { CARRIER_LABELS, PAYMENT_METHOD_LABELS } from '../../../domain/fulfilment';
import type { OrderDto, OrderExportQuery } from '../../../domain/orders';
import { presentationName } from '../../../domain/plural';
import { PROVINCES } from '../../../domain/shipping';
import { formatDateTime, shopDate } from '../../../domain/dates';
import type { AppContext } from '../../context';
import { BOM, quoteCell } from '../../csv';
import { badRequest } from '../../errors';
import { matchingOrderIds, staffOrdersById } from './queries';

export const EXPORT_MAX_ORDERS = 50_000;
const BATCH = 500;

/** Text this module has already made safe to open in a spreadsheet, written as it is. */
interface SafeText {
  safe: string;
}

type CellValue = string | number | SafeText | null | undefined;

/**
 * One cell: text a spreadsheet would run as a formula gets a leading apostrophe (the catalog
 * sheet's rule); a cell with a separator, quote or line break is quoted.
 */
export function csvCell(value: CellValue): string {
  const text =
    typeof value === 'object' && value !== null ? value.safe : escapeFormula(value === null || value === undefined ? '' : String(value));
  return quoteCell(text, ';');
}

export const csvRow = (cells: CellValue[]) => `${cells.map(csvCell).join(';')}\r\n`;

/**
 * A code (a tracking number) that Excel must keep as written. Opening a CSV, Excel reads a cell
 * that looks like a number as one: 360002123456789 shows as 3,6E+14 and loses every digit past
 * the 15th, 0012345 loses its zeros, 12E4 becomes 120000. A leading tab makes it keep the cell as
 * text, every digit shown, and the tab is not seen. The usual ="…" is a formula, which this file
 * never writes (it would be escaped as any other), and an apostrophe would be shown as part of the
 * code: it only means "text" when typed. Only codes of letters, digits, '-', '_' and '.' starting
 * with a digit are written this way, so what follows the tab can never be a formula; the rest
 * are cells like any other.
 */
export function csvCode(code: string | null | undefined): CellValue {
  return code && /^\d[A-Za-z0-9\-_.]*$/.test(code) ? { safe: `\t${code}` } : code;
}

/** 27/11/2026 14:05 on the shop's clock, the shop's one date-time format. */
export const csvDateTime = (iso: string | null | undefined) => (iso ? formatDateTime(iso) : '');

/** 1234,50: two decimals, a decimal comma and no thousands separator, as a number for Excel. */
export const csvMoney = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : value.toFixed(2).replace('.', ',');

const lineName = (line: OrderDto['order_products'][number]) => presentationName(line.product_name, line.blister_info.seed_count);

const ORDER_COLUMNS: [string, (o: OrderDto) => CellValue][] = [
  ['Pedido', (o) => o.order_number],
  ['Fecha', (o) => csvDateTime(o.created_at)],
  // The stage (Esperando pago, Pagado, por enviar, Enviado…): the stored status says "Pendiente" for all three.
  ['Estado', (o) => orderStageLabel(o)],
  ['Cliente', (o) => o.recipient_name],
  ['Usuario', (o) => o.customer.username],
  ['Email', (o) => o.customer_email],
  ['Teléfono', (o) => o.customer_phone],
  ['Entrega', (o) => o.delivery_type_display],
  // An order to arrange has no address: its 'Coordinar entrega' placeholder would read as a second label.
  ['Dirección', (o) => (o.delivery_type === 'address' ? o.shipping_address : '')],
  ['Calle', (o) => o.address?.street ?? ''],
  ['Número', (o) => o.address?.number ?? ''],
  ['Ciudad', (o) => o.address?.city ?? ''],
  ['Provincia', (o) => (o.address ? PROVINCES[o.address.province] : '')],
  ['Código postal', (o) => csvCode(o.address?.zip_code)],
  ['Envío', (o) => o.shipping?.name ?? ''],
  ['Costo de envío', (o) => csvMoney(o.shipping?.price)],
  ['Subtotal productos', (o) => csvMoney(o.subtotal)],
  ['Productos', (o) => o.order_products.map((l) => `${lineName(l)} x ${l.quantity}`).join(', ')],
  ['Unidades', (o) => o.order_products.reduce((sum, l) => sum + l.quantity, 0)],
  ['Cupón', (o) => o.coupon?.code ?? ''],
  ['Descuento del cupón', (o) => (o.coupon ? (o.coupon.free_shipping ? 'Envío gratis' : csvMoney(o.coupon.discount)) : '')],
  ['Total', (o) => csvMoney(o.total)],
  ['Pagado el', (o) => csvDateTime(o.payment?.paid_at)],
  ['Medio de pago', (o) => (o.payment ? PAYMENT_METHOD_LABELS[o.payment.method] : '')],
  ['Monto pagado', (o) => csvMoney(o.payment?.amount)],
  ['Nota del pago', (o) => o.payment?.note ?? ''],
  ['Transporte', (o) => (o.shipment ? CARRIER_LABELS[o.shipment.carrier] : '')],
  ['Código de seguimiento', (o) => csvCode(o.shipment?.tracking_code)],
  ['Enviado el', (o) => csvDateTime(o.shipment?.shipped_at)],
  ['Motivo de cancelación', (o) => o.cancel_reason],
  ['Reembolso', (o) => (o.refund ? REFUND_STATUS_LABELS[o.refund.status] : '')],
  ['Monto del reembolso', (o) => csvMoney(o.refund?.amount)],
  ['Notas internas', (o) => o.internal_notes ?? ''],
];

type Line = OrderDto['order_products'][number];
const LINE_COLUMNS: [string, (o: OrderDto, l: Line) => CellValue][] = [
  ['Pedido', (o) => o.order_number],
  ['Fecha', (o) => csvDateTime(o.created_at)],
  ['Estado', (o) => orderStageLabel(o)],
  ['Cliente', (o) => o.recipient_name],
  ['Email', (o) => o.customer_email],
  ['Teléfono', (o) => o.customer_phone],
  ['Producto', (_o, l) => l.product_name],
  ['Banco', (_o, l) => l.product_brand],
  ['Semillas', (_o, l) => l.blister_info.seed_count],
  ['Cantidad', (_o, l) => l.quantity],
  ['Precio unitario', (_o, l) => csvMoney(l.price_at_time)],
  ['Subtotal', (_o, l) => csvMoney(l.subtotal)],
  ['Total del pedido', (o) => csvMoney(o.total)],
  ['Pagado el', (o) => csvDateTime(o.payment?.paid_at)],
  ['Transporte', (o) => (o.shipment ? CARRIER_LABELS[o.shipment.carrier] : '')],
];

function rowsOf(order: OrderDto, rows: OrderExportQuery['rows']): string {
  if (rows === 'orders') return csvRow(ORDER_COLUMNS.map(([, cell]) => cell(order)));
  return order.order_products.map((line) => csvRow(LINE_COLUMNS.map(([, cell]) => cell(order, line)))).join('');
}

export interface OrderExport {
  filename: string;
  /** The file's text in pieces: the BOM and header first, then a batch of orders at a time. */
  chunks: AsyncGenerator<string>;
}

/** Refused with 400 beyond EXPORT_MAX_ORDERS orders: narrow it by date or status. */
export async function exportOrders(ctx: AppContext, query: OrderExportQuery): Promise<OrderExport> {
  const now = ctx.now();
  const ids = await matchingOrderIds(ctx.db, query, now, EXPORT_MAX_ORDERS + 1);
  if (ids.length > EXPORT_MAX_ORDERS) {
    throw badRequest(`Hay más de ${EXPORT_MAX_ORDERS.toLocaleString('es-AR')} pedidos para exportar: filtra por fecha o estado.`);
  }
  const header = (query.rows === 'orders' ? ORDER_COLUMNS : LINE_COLUMNS).map(([title]) => title);
  async function* chunks() {
    yield `${BOM}${csvRow(header)}`;
    for (let i = 0; i < ids.length; i += BATCH) {
      const batch = await staffOrdersById(ctx.db, ids.slice(i, i + BATCH));
      yield batch.map((order) => rowsOf(order, query.rows)).join('');
    }
  }
  return { filename: `pedidos-${shopDate(now)}.csv`, chunks: chunks() };
}
