// The API description's error answers: the one shape every failure has (plugins/errors.ts), the
// reusable 4xx responses, and the 409 codes with the figures each carries, by area (the first
// path segment after /api/). A write of an area may answer any of its area's conflicts.

type JsonSchema = Record<string, unknown>;

const ERROR_REF = '#/components/schemas/ApiError';

const apiError: JsonSchema = {
  type: 'object',
  description: 'Toda respuesta de error: un mensaje en español para mostrar, y según el caso un código estable y los mensajes por campo.',
  required: ['error'],
  properties: {
    error: { type: 'string', description: 'Mensaje para mostrar a quien usa la tienda' },
    code: { type: 'string', description: 'Código estable para programas (TOKEN_INVALID, RATE_LIMITED, PRICE_CHANGED…)' },
    errors: {
      type: 'object',
      description: 'Mensajes por campo (`general` si no es de un campo)',
      additionalProperties: { type: 'array', items: { type: 'string' } },
    },
  },
  additionalProperties: true,
};

const jsonError = (description: string, schema: JsonSchema = { $ref: ERROR_REF }) => ({
  description,
  content: { 'application/json': { schema } },
});

/** The 4xx answers operations share, as `#/components/responses/<name>`. */
export const ERROR_RESPONSES = {
  BadRequest: jsonError('Datos inválidos: `errors` nombra cada campo'),
  Unauthorized: jsonError('Sin sesión, o el token enviado es inválido o expiró (`code: TOKEN_INVALID`)'),
  Forbidden: jsonError('El rol de la sesión no tiene el permiso que pide la operación'),
  NotFound: jsonError('No existe lo pedido'),
} as const;

export type ErrorResponseName = keyof typeof ERROR_RESPONSES;

const integer = { type: 'integer' };
const number = { type: 'number', description: 'Pesos' };
const lineRef = { type: 'object', properties: { product_id: integer, blister_id: integer } };

interface Conflict {
  /** When the server answers it. */
  description: string;
  /** The areas (first segment after /api/) whose writes may answer it. */
  areas: string[];
  /** The fields the body carries besides `error` and `code`. */
  figures?: Record<string, JsonSchema>;
}

const orderConflict = (description: string): Conflict => ({ description, areas: ['orders'] });

/** Every 409 code the API answers with, what it means and what it carries. */
export const CONFLICTS: Record<string, Conflict> = {
  PRICE_CHANGED: {
    description: 'El total calculado ya no es el `expected_total` que confirmó el cliente (cambió un precio, la cotización o el envío).',
    areas: ['orders'],
    figures: {
      total: number,
      subtotal: number,
      shipping: number,
      lines: {
        type: 'array',
        items: { type: 'object', properties: { ...lineRef.properties, quantity: integer, price: number } },
      },
    },
  },
  TOO_MANY_PENDING_ORDERS: {
    description: 'El cliente ya tiene el máximo de pedidos esperando el pago.',
    areas: ['orders'],
    figures: { max_pending_orders: integer, unpaid_orders: { type: 'array', items: integer, description: 'Números de pedido' } },
  },
  PRODUCT_UNAVAILABLE: {
    description: 'Un producto o presentación del pedido ya no existe o no está a la venta.',
    areas: ['orders'],
    figures: lineRef.properties,
  },
  NO_PRICE: { description: 'Un producto del pedido no tiene precio.', areas: ['orders'], figures: lineRef.properties },
  INSUFFICIENT_STOCK: {
    description: 'No hay stock suficiente de una presentación.',
    areas: ['orders'],
    figures: { ...lineRef.properties, available: integer },
  },
  ORDER_TOTAL_ZERO: {
    description: 'El cupón dejaría el pedido sin nada que pagar.',
    areas: ['orders'],
    figures: { subtotal: number, coupon_discount: number },
  },
  COUPON_REFUSED: {
    description: 'El cupón no se puede usar (vencido, agotado, no aplica).',
    areas: ['orders', 'coupons'],
    figures: { coupon_code: { type: 'string' } },
  },
  SHIPPING_UNAVAILABLE: {
    description: 'El método de envío elegido ya no está activo.',
    areas: ['orders'],
    figures: { shipping_method_id: integer },
  },
  SHIPPING_NOT_SERVED: {
    description: 'El método de envío no llega a esa provincia.',
    areas: ['orders'],
    figures: { shipping_method_id: integer, province: { type: 'string' } },
  },
  REFUND_EXCEEDS_PAYMENT: {
    description: 'El reembolso supera lo que queda por devolver.',
    areas: ['orders'],
    figures: { max_refund: number },
  },
  ACCOUNT_INACTIVE: orderConflict('La cuenta del pedido manual está desactivada.'),
  ORDER_CANCELLED: orderConflict('El pedido está cancelado.'),
  ORDER_ALREADY_PAID: orderConflict('El pedido ya tiene un pago registrado.'),
  NOT_AWAITING_PAYMENT: orderConflict('El pedido no espera un pago.'),
  ORDER_NOT_AWAITING_PAYMENT: orderConflict('No hay pago que pedir para el pedido.'),
  REFUND_OWED: orderConflict('El pedido tiene un reembolso pendiente.'),
  NO_REFUND_OWED: orderConflict('El pedido no tiene un reembolso pendiente.'),
  REFUND_ALREADY_DONE: orderConflict('El reembolso ya está registrado.'),
  ALREADY_PAID: orderConflict('El pago ya estaba registrado.'),
  ALREADY_SHIPPED: orderConflict('El envío ya estaba registrado.'),
  NO_PAYMENT: orderConflict('El pedido no tiene un pago registrado.'),
  NO_SHIPMENT: orderConflict('El pedido no tiene un envío registrado.'),
  NO_CARRIER: orderConflict('El pedido no tiene un transporte elegido.'),
  NO_PAYMENT_DETAILS: orderConflict('La tienda no cargó datos de pago para enviar.'),
  PRICE_CHANGE_UNCONFIRMED: {
    description: 'Hay precios que cambian más de lo habitual: se repite con la confirmación.',
    areas: ['products'],
    figures: {
      price_changes: { type: 'array', items: { type: 'object', additionalProperties: true } },
      cost_above_price: { type: 'array', items: { type: 'object', additionalProperties: true } },
    },
  },
  SKU_EXISTS: { description: 'Ya existe un producto con ese SKU.', areas: ['products'] },
  PURCHASE_ORDER_STATE: {
    description:
      'La compra no está en un estado que permita ese paso (solo un borrador se edita o se borra; recibir pide una compra enviada).',
    areas: ['purchase-orders'],
    figures: { status: { type: 'string' } },
  },
  RECEIVE_EXCEEDS_ORDERED: {
    description: 'Se recibe más de lo pedido en una línea de la compra.',
    areas: ['purchase-orders'],
    figures: { blister_id: integer },
  },
  BLISTER_NOT_OF_BRAND: {
    description: 'La presentación no es del banco de la compra (o no está en ella).',
    areas: ['purchase-orders'],
    figures: { blister_id: integer },
  },
  CATALOGUE_CHANGED: { description: 'El catálogo cambió mientras se importaba la planilla.', areas: ['products'] },
  BRAND_EXISTS: { description: 'Ya existe un banco con ese nombre.', areas: ['brands'] },
  BRAND_HAS_PRODUCTS: { description: 'El banco tiene productos.', areas: ['brands'] },
  BRAND_HAS_ORDERS: { description: 'El banco tiene productos eliminados que figuran en pedidos.', areas: ['brands'] },
  DUPLICATE_COUPON: { description: 'Ya existe un cupón con ese código.', areas: ['coupons'] },
  COUPON_MAX_BELOW_USES: { description: 'El máximo de usos sería menor que los usos que ya tiene.', areas: ['coupons'] },
  ACCOUNT_EXISTS: { description: 'Ya existe una cuenta con ese email o nombre de usuario (`errors` dice cuál).', areas: ['auth'] },
  ACCOUNT_EXISTS_UNVERIFIED: { description: 'El nombre de usuario es de otra cuenta aún sin verificar.', areas: ['auth'] },
  EMAIL_IN_USE: { description: 'El email ya es de otra cuenta.', areas: ['auth'] },
  LAST_OWNER: { description: 'Quedaría la tienda sin ningún dueño.', areas: ['auth'] },
  RATE_CHANGE_UNCONFIRMED: {
    description: 'La cotización manual cambia demasiado: se repite con la confirmación.',
    areas: ['core'],
    figures: { current_value: number, requested_value: number },
  },
  CART_BUSY: {
    description: 'Otro dispositivo guardó el mismo carrito a la vez, varias veces seguidas: la llamada se puede repetir.',
    areas: ['cart', 'orders'],
  },
  HAS_STOCK: { description: 'La presentación tiene stock: no hace falta un aviso.', areas: ['stock-notifications'] },
};

const conflictName = (code: string) => `Conflict.${code}`;

function conflictSchema(code: string, { description, figures = {} }: Conflict): JsonSchema {
  return {
    description,
    allOf: [
      { $ref: ERROR_REF },
      { type: 'object', required: ['code', ...Object.keys(figures)], properties: { code: { const: code }, ...figures } },
    ],
  };
}

/** The 409 answer of a write in `area`, or null where the area has none. */
export function conflictResponse(area: string) {
  const codes = Object.keys(CONFLICTS).filter((code) => CONFLICTS[code].areas.includes(area));
  if (!codes.length) return null;
  return jsonError(`Choca con el estado actual: \`code\` dice por qué (${codes.join(', ')}); otros conflictos llegan sin código.`, {
    anyOf: [...codes.map((code) => ({ $ref: `#/components/schemas/${conflictName(code)}` })), { $ref: ERROR_REF }],
  });
}

/** The components the error answers refer to. */
export const errorComponents = {
  schemas: {
    ApiError: apiError,
    ...Object.fromEntries(Object.entries(CONFLICTS).map(([code, conflict]) => [conflictName(code), conflictSchema(code, conflict)])),
  },
  responses: ERROR_RESPONSES,
};
