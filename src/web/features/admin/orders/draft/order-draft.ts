// The lines and delivery of an order being entered or edited by staff, before the server prices it:
// what the summary shows and what the request sends.
import type { OrderDto } from '../../../../../domain/orders';
import { roundCents } from '../../../../../domain/money';
import type { Address, Province, ShippingOption } from '../../../../../domain/shipping';

export interface DraftLine {
  /** The order line it edits; absent for a new line (and once its blister changes). */
  id?: number;
  product_id: number;
  blister_id: number;
  quantity: number;
  product_name: string;
  seed_count: number | null;
  /** What the server charges: the line's own price once ordered, the catalog's for a new one. */
  unit_price: number;
}

export type StreetFields = Omit<Address, 'province'>;

export interface DraftDelivery {
  province: Province | '';
  /** null: "Acordar entrega", no shipping cost. */
  method_id: number | null;
  street: StreetFields;
}

export const EMPTY_STREET: StreetFields = { street: '', number: '', zip_code: '', city: '', details: '' };

export const draftSubtotal = (lines: DraftLine[]) => roundCents(lines.reduce((sum, l) => sum + l.unit_price * l.quantity, 0));

/** Adds one unit of a blister, or one more of a line that has it. */
export function addUnit(lines: DraftLine[], line: Omit<DraftLine, 'quantity'>): DraftLine[] {
  const found = lines.find((l) => l.blister_id === line.blister_id);
  if (found) return lines.map((l) => (l === found ? { ...l, quantity: l.quantity + 1 } : l));
  return [...lines, { ...line, quantity: 1 }];
}

export const linesOfOrder = (order: OrderDto): DraftLine[] =>
  order.order_products
    .filter((l) => l.product_id !== null && l.blister !== null)
    .map((l) => ({
      id: l.id,
      product_id: l.product_id!,
      blister_id: l.blister!,
      quantity: l.quantity,
      product_name: l.product_name,
      seed_count: l.blister_info.seed_count,
      unit_price: l.price_at_time,
    }));

export const deliveryOfOrder = (order: OrderDto): DraftDelivery => ({
  province: order.address?.province ?? '',
  method_id: order.shipping?.method_id ?? null,
  street: order.address ? { ...EMPTY_STREET, ...order.address } : EMPTY_STREET,
});

/**
 * The shop's own "Acordar entrega" method among those quoted. When there is one it is the only
 * "Acordar entrega" offered (and what "no method chosen" means), never a second choice beside it.
 */
export const coordinateOption = (options: ShippingOption[] | undefined) => options?.find((o) => o.kind === 'coordinate');

/** The chosen option among those quoted (undefined when it does not reach the province). */
export const chosenOption = (delivery: DraftDelivery, options: ShippingOption[] | undefined) => {
  if (delivery.method_id === null) return delivery.province ? coordinateOption(options) : undefined;
  return options?.find((o) => o.method_id === delivery.method_id);
};

/** The delivery part of a request: a method with its address, or "Acordar entrega". */
export function deliveryBody(delivery: DraftDelivery, option: ShippingOption | undefined) {
  const methodId = delivery.method_id ?? option?.method_id ?? null;
  if (methodId === null || !delivery.province) {
    return { delivery_type: 'coordinate' as const, shipping_method_id: undefined, address: undefined };
  }
  const home = option?.kind === 'home';
  return {
    delivery_type: option?.kind === 'coordinate' ? ('coordinate' as const) : ('address' as const),
    shipping_method_id: methodId,
    address: { province: delivery.province, ...(home ? delivery.street : EMPTY_STREET) },
  };
}

/** The first message of a field in a 400's `errors` (keys as the server names them). */
export const fieldError = (errors: Record<string, string[]> | undefined, key: string) => errors?.[key]?.[0];

/**
 * "Nuevo pedido igual" (issue 38): a new order's draft with an order's customer, lines and
 * delivery; the lines are new ones, priced by the catalog once read (NewOrderPage).
 */
export function draftFromOrder(order: OrderDto) {
  return {
    customer: {
      email: order.customer_email,
      first_name: order.customer.first_name ?? '',
      last_name: order.customer.last_name ?? '',
      phone: order.customer_phone,
    },
    lines: linesOfOrder(order).map(({ id: _id, ...line }) => line),
    delivery: deliveryOfOrder(order),
  };
}
