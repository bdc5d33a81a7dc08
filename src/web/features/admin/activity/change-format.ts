// How the timeline writes an entry's changes: Spanish names for the stored field names and
// Spanish labels for stored codes ('approved' → 'Aprobada'), money and dates in the shop's format.
import { DISCOUNT_TYPE_LABELS } from '../../../../domain/admin-catalog';
import { BULK_ACTION_LABELS } from '../../../../domain/catalog-sheet';
import { PRODUCT_TYPE_LABELS } from '../../../../domain/catalog-constants';
import { formatDate, formatDateTime, lastDayBefore } from '../../../../domain/dates';
import { CURRENCIES, formatAmount, formatArs, formatMoney, type Currency } from '../../../../domain/money';
import { seedsLabel } from '../../../../domain/plural';
import { DELIVERY_TYPE_LABELS, ORDER_STATUS_LABELS } from '../../../../domain/orders';
import { RATE_TYPE_LABELS } from '../../../../domain/site';
import { WARRANTY_STATUS_LABELS } from '../../../../domain/warranty';

const FIELD_LABELS: Record<string, string> = {
  // Brands
  brand_name: 'Nombre del banco',
  brand_id: 'Identificador',
  visible: 'Visible en la tienda',
  is_national: 'Banco nacional',
  discount_active: 'Descuento activo',
  discount_type: 'Tipo de descuento',
  discount_value: 'Valor del descuento',
  discount_expires_at: 'Vencimiento del descuento',
  // Products
  name: 'Nombre',
  brand: 'Banco',
  type: 'Tipo',
  genotype: 'Genotipo',
  flavors: 'Sabores',
  effects: 'Efectos',
  sativa: 'Sativa',
  indica: 'Indica',
  thc: 'THC',
  cbd: 'CBD',
  description: 'Descripción',
  image: 'Imagen',
  image_2: 'Imagen 2',
  image_3: 'Imagen 3',
  flowering_time: 'Tiempo de floración',
  completed_cicle: 'Ciclo completo',
  height_indoor: 'Altura interior',
  height_outdoor: 'Altura exterior',
  yield_indoor: 'Producción interior',
  yield_outdoor: 'Producción exterior',
  sku: 'SKU',
  currency: 'Moneda',
  available: 'Disponible',
  blisters: 'Presentaciones',
  soft_delete: 'Se conserva por estar en pedidos',
  // Bulk edits and imports
  bulk_action: 'Acción',
  file: 'Archivo',
  rows: 'Filas leídas',
  created: 'Filas nuevas',
  updated: 'Filas actualizadas',
  unchanged: 'Filas sin cambios',
  products_created: 'Productos nuevos',
  products_updated: 'Productos actualizados',
  rows_changed: 'Cambios',
  skus_created: 'SKU nuevos',
  products_changed: 'ID de los productos cambiados',
  // Users
  username: 'Usuario',
  email: 'Email',
  first_name: 'Nombre',
  last_name: 'Apellido',
  is_active: 'Cuenta activa',
  is_staff: 'Administrador',
  role: 'Rol',
  permissions: 'Permisos',
  email_verified: 'Email verificado',
  // Orders
  id: 'ID',
  order_number: 'Número de pedido',
  status: 'Estado',
  old_status: 'Estado anterior',
  new_status: 'Estado nuevo',
  changed_by: 'Cambiado por',
  order_total: 'Total del pedido',
  total: 'Total',
  reason: 'Motivo',
  products: 'Productos',
  order_products: 'Productos',
  customer: 'Cliente',
  customer_phone: 'Teléfono',
  customer_email: 'Email del cliente',
  recipient_name: 'Destinatario',
  shipping_address: 'Dirección de envío',
  delivery_type: 'Entrega',
  cancel_reason: 'Motivo de cancelación',
  is_archived: 'Archivado',
  stock_returned: 'Stock devuelto',
  created_at: 'Creado',
  updated_at: 'Actualizado',
  internal_notes: 'Notas internas',
  payment: 'Pago',
  paid_at: 'Fecha de pago',
  method: 'Medio de pago',
  amount: 'Monto',
  note: 'Nota',
  shipment: 'Envío',
  carrier: 'Transporte',
  tracking_code: 'Código de seguimiento',
  tracking_url: 'Enlace de seguimiento',
  shipped_at: 'Fecha de envío',
  // Warranty claims
  claimant: 'Solicitante',
  order_id: 'Pedido',
  product_name: 'Producto',
  admin_notes: 'Notas internas',
  admin_response: 'Respuesta al cliente',
  resolution_details: 'Detalles de la resolución',
  // Settings
  rate_type: 'Tipo de cotización',
  value: 'Valor',
  auto_update: 'Actualización automática',
  is_manual: 'Valor manual',
  source: 'Origen',
  maintenance_mode: 'Modo mantenimiento',
  maintenance_message: 'Mensaje de mantenimiento',
  has_bypass_password: 'Contraseña de acceso',
  bypass_password_changed: 'Contraseña de acceso cambiada',
  bank_holder: 'Titular',
  cbu: 'CBU/CVU',
  alias: 'Alias',
  bank_name: 'Banco',
  cuit: 'CUIT',
  other_instructions: 'Otras instrucciones de pago',
  whatsapp_number: 'WhatsApp',
};

const RATE_SOURCE_LABELS: Record<string, string> = {
  auto: 'Actualización automática',
  force: 'Actualización a pedido',
  manual: 'Valor manual',
  settings: 'Configuración',
};

const PAYMENT_METHOD_LABELS: Record<string, string> = { transferencia: 'Transferencia', efectivo: 'Efectivo', otro: 'Otro' };

/** Codes whose label depends only on the field. */
const CODE_LABELS: Record<string, Record<string, string>> = {
  type: PRODUCT_TYPE_LABELS,
  discount_type: DISCOUNT_TYPE_LABELS,
  rate_type: RATE_TYPE_LABELS,
  delivery_type: DELIVERY_TYPE_LABELS,
  method: PAYMENT_METHOD_LABELS,
  bulk_action: BULK_ACTION_LABELS,
};

const STATUS_FIELDS = new Set(['status', 'old_status', 'new_status']);
const MONEY_FIELDS = new Set(['order_total', 'total', 'subtotal', 'price_at_time', 'amount']);
const PERCENT_FIELDS = new Set(['sativa', 'indica', 'discount']);
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The Spanish name of a stored field: its label, else the name in words ('cancel_reason' → 'Cancel reason'). */
export function fieldLabel(field: string): string {
  const label = FIELD_LABELS[field];
  if (label) return label;
  const words = field.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const FIELD_ORDER = Object.keys(FIELD_LABELS);

/** Known fields in a reading order (the database keeps a map's keys in its own order), others after. */
export function byFieldOrder(a: string, b: string): number {
  const rank = (field: string) => (FIELD_ORDER.includes(field) ? FIELD_ORDER.indexOf(field) : FIELD_ORDER.length);
  return rank(a) - rank(b);
}

/** Fields not worth a row: the API's '…_display' copies of a coded field shown next to it. */
export const isShownField = (field: string) => !field.endsWith('_display');

const isMap = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

const percent = (value: number) => `${String(value).replace('.', ',')}%`;

function statusLabel(entityType: string | null, code: string): string {
  const labels: Record<string, string> = entityType === 'warranty_claim' ? WARRANTY_STATUS_LABELS : ORDER_STATUS_LABELS;
  return labels[code] ?? code;
}

/** A plain stored value as text; '' for anything else. */
const text = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';

/** One blister of a product: '3 semillas · 24,90 USD · stock 12 · 10% de descuento'. */
function blisterLine(item: Record<string, unknown>, currency: Currency | undefined): string {
  const parts = [typeof item.seed_count === 'number' ? seedsLabel(item.seed_count) : `${text(item.seed_count)} semillas`];
  if (typeof item.price === 'number') parts.push(currency ? formatMoney(item.price, currency) : `precio ${formatAmount(item.price)}`);
  if (item.stock !== undefined) parts.push(`stock ${text(item.stock)}`);
  if (typeof item.discount === 'number' && item.discount > 0) parts.push(`${percent(item.discount)} de descuento`);
  return parts.join(' · ');
}

/** One order line: '2 × Gorilla Glue Auto (3 semillas) a $ 10.800'. */
function orderLine(item: Record<string, unknown>): string {
  const name = (text(item.product_name) || `Producto ${text(item.product_id)}`).trim();
  const seeds = text(item.seed_count ?? (isMap(item.blister_info) ? item.blister_info.seed_count : undefined));
  const price = typeof item.price_at_time === 'number' ? ` a ${formatArs(item.price_at_time)}` : '';
  return `${text(item.quantity) || '1'} × ${name}${seeds ? ` (${seedsLabel(Number(seeds))})` : ''}${price}`;
}

const blistersOf = (state: unknown) => (isMap(state) && Array.isArray(state.presentations) ? state.presentations.filter(isMap) : []);

/** A product of a bulk edit, field by field: 'Gorilla Glue: Precio (3 semillas) $ 1.000 → $ 1.100'. */
function bulkProductLine(item: Record<string, unknown>): string {
  const before = isMap(item.before) ? item.before : {};
  const after = isMap(item.after) ? item.after : {};
  const currency = CURRENCIES.find((c) => c === item.currency);
  const money = (v: unknown) => (typeof v === 'number' ? (currency ? formatMoney(v, currency) : formatAmount(v)) : 'sin precio');
  const changes: string[] = [];
  if (before.brand !== after.brand) changes.push(`Banco ${text(before.brand)} → ${text(after.brand)}`);
  if (before.available !== after.available) {
    changes.push(`Disponible ${formatValue(null, 'available', before.available)} → ${formatValue(null, 'available', after.available)}`);
  }
  const previous = new Map(blistersOf(before).map((p) => [p.id, p]));
  for (const next of blistersOf(after)) {
    const old = previous.get(next.id);
    if (!old) continue;
    const seeds = `(${seedsLabel(Number(next.seed_count))})`;
    if (old.price !== next.price) changes.push(`Precio ${seeds} ${money(old.price)} → ${money(next.price)}`);
    if (old.discount !== next.discount) {
      changes.push(`Descuento ${seeds} ${percent(Number(old.discount ?? 0))} → ${percent(Number(next.discount ?? 0))}`);
    }
  }
  return `${text(item.name) || `Producto ${text(item.id)}`}: ${changes.join('; ') || 'sin cambios'}`;
}

/** A row of an import: 'Fila 3 · Amnesia (5 semillas): Precio 2000 → 2500', as the sheet writes the values. */
function importRowLine(item: Record<string, unknown>): string {
  const seeds = item.seed_count ? ` (${seedsLabel(Number(item.seed_count))})` : '';
  const head = `Fila ${text(item.row)} · ${text(item.name)}${seeds}`;
  if (item.kind === 'created') return `${head}: presentación nueva`;
  const fields = Array.isArray(item.fields) ? item.fields.filter(isMap) : [];
  return `${head}: ${fields.map((f) => `${text(f.column)} ${text(f.before) || '—'} → ${text(f.after) || '—'}`).join('; ')}`;
}

function listValue(field: string, items: unknown[], currency: Currency | undefined): string {
  if (items.length === 0) return 'Ninguno';
  return items
    .map((item) => {
      if (!isMap(item)) return formatValue(null, field, item);
      if (field === 'blisters') return blisterLine(item, currency);
      if (field === 'products' && 'after' in item) return bulkProductLine(item);
      if (field === 'rows_changed') return importRowLine(item);
      if ('quantity' in item) return orderLine(item);
      return JSON.stringify(item);
    })
    .join('\n');
}

/**
 * A stored value as staff read it. `entityType` picks the labels of status codes (orders and
 * warranty claims share the field); `context` is the map the value comes from, for the currency of
 * prices and the type of a discount.
 */
export function formatValue(entityType: string | null, field: string, value: unknown, context: Record<string, unknown> = {}): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  const currency = CURRENCIES.find((c) => c === context.currency);
  if (Array.isArray(value)) return listValue(field, value, currency);
  if (isMap(value)) {
    if (field === 'customer' && typeof value.username === 'string') return value.username;
    return JSON.stringify(value);
  }
  if (typeof value === 'string') {
    if (STATUS_FIELDS.has(field)) return statusLabel(entityType, value);
    if (field === 'source' && entityType === 'dollar_rate') return RATE_SOURCE_LABELS[value] ?? value;
    // As the brand's card reads it: the discount's last day, not the midnight it ends at.
    if (field === 'discount_expires_at' && lastDayBefore(value)) return `hasta el ${formatDate(lastDayBefore(value))}`;
    const codes = CODE_LABELS[field];
    if (codes?.[value]) return codes[value];
    if (ISO_INSTANT.test(value)) return formatDateTime(value);
    if (CALENDAR_DAY.test(value)) return formatDate(value);
    return value;
  }
  if (typeof value === 'number') {
    if (field === 'id' || field.endsWith('_id') || field === 'order_number' || field === 'products_changed') return String(value);
    if (MONEY_FIELDS.has(field) || (field === 'value' && entityType === 'dollar_rate')) return formatArs(value);
    if (field === 'discount_value') {
      // The type is in the entry only when it changed too.
      if (context.discount_type === 'fixed') return formatArs(value);
      if (context.discount_type === 'percentage') return percent(value);
      return formatAmount(value);
    }
    if (PERCENT_FIELDS.has(field)) return percent(value);
    return formatAmount(value);
  }
  return text(value) || JSON.stringify(value);
}
