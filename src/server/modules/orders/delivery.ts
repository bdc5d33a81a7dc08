// How an order is delivered and what shipping costs: quoted from the shop's own settings inside the
// order's transaction (never from the client), for a checkout, a manual order and an edit alike.
import { COORDINATE_ADDRESS, type DeliveryType } from '../../../domain/orders';
import {
  deliveryText,
  isProvince,
  joinAddress,
  missingHomeAddressFields,
  NOT_SERVED_MESSAGE,
  quoteMethod,
  type Address,
  type ShippingKind,
} from '../../../domain/shipping';
import type { Carrier } from '../../../domain/fulfilment';
import type { Tx } from '../../db/client';
import { badRequest, conflict } from '../../errors';
import { readShippingMethod } from '../shipping';

export interface DeliveryInput {
  delivery_type: DeliveryType;
  shipping_address: string;
  shipping_method_id?: number | null;
  address?: Address;
}

/** The order columns a delivery sets: all of them, so an edit that drops the method clears them. */
export interface DeliveryColumns {
  delivery_type: DeliveryType;
  shipping_address: string;
  shipping_method_id: number | null;
  shipping_name: string | null;
  shipping_kind: ShippingKind | null;
  shipping_carrier: Carrier | null;
  shipping_price: number | null;
  address_street: string | null;
  address_number: string | null;
  address_zip_code: string | null;
  address_city: string | null;
  address_province: string | null;
  address_details: string | null;
}

export interface ChosenDelivery {
  columns: DeliveryColumns;
  /** The address to remember on the customer's account (home delivery only). */
  address: Address | null;
}

const NO_ADDRESS = {
  address_street: null,
  address_number: null,
  address_zip_code: null,
  address_city: null,
  address_province: null,
  address_details: null,
};

const addressColumns = (a: Address) => ({
  address_street: a.street,
  address_number: a.number,
  address_zip_code: a.zip_code,
  address_city: a.city,
  address_province: a.province,
  address_details: a.details,
});

/**
 * Quotes the chosen method for the address's province and `subtotal`. Refuses a method that is gone
 * or inactive, or does not reach the province (409), and home delivery without a full address
 * (400, per field).
 */
export async function chooseDelivery(tx: Tx, input: DeliveryInput, subtotal: number): Promise<ChosenDelivery> {
  if (!input.shipping_method_id) {
    // The spec's order: "Acordar entrega", or an address without a shipping cost.
    const coordinate = input.delivery_type === 'coordinate';
    const address = coordinate ? null : (input.address ?? null);
    return {
      columns: {
        delivery_type: input.delivery_type,
        shipping_address: coordinate ? COORDINATE_ADDRESS : address ? joinAddress(address) : input.shipping_address,
        shipping_method_id: null,
        shipping_name: null,
        shipping_kind: null,
        shipping_carrier: null,
        shipping_price: null,
        ...(address ? addressColumns(address) : NO_ADDRESS),
      },
      address: null,
    };
  }
  const method = await readShippingMethod(tx, input.shipping_method_id);
  if (!method || !method.active) {
    throw conflict('El método de envío elegido ya no está disponible. Elige otro.', 'SHIPPING_UNAVAILABLE', {
      shipping_method_id: input.shipping_method_id,
    });
  }
  // A staff edit may pick a method for an order that never had an address (one to agree on).
  const address = input.address;
  if (!address) throw badRequest('Elige la provincia', { 'address.province': ['Elige la provincia'] });
  const quote = quoteMethod(method, address.province, subtotal);
  if (!quote) throw conflict(NOT_SERVED_MESSAGE, 'SHIPPING_NOT_SERVED', { shipping_method_id: method.id, province: address.province });
  const home = method.kind === 'home';
  if (home) {
    const missing = missingHomeAddressFields(address);
    if (Object.keys(missing).length) {
      throw badRequest(
        'Completa la dirección de entrega',
        Object.fromEntries(Object.entries(missing).map(([field, message]) => [`address.${field}`, [message]])),
      );
    }
  }
  return {
    columns: {
      delivery_type: method.kind === 'coordinate' ? 'coordinate' : 'address',
      shipping_address: deliveryText(method.kind, address, method.pickup_address, COORDINATE_ADDRESS),
      shipping_method_id: method.id,
      shipping_name: method.name,
      shipping_kind: method.kind,
      shipping_carrier: method.carrier,
      shipping_price: quote.price,
      // Pickup and "acordar" keep what the customer gave (the province at least): staff see where they are.
      ...addressColumns(address),
    },
    address: home ? address : null,
  };
}

type AddressColumns = Pick<
  DeliveryColumns,
  'address_street' | 'address_number' | 'address_zip_code' | 'address_city' | 'address_province' | 'address_details'
>;

/** The address an order keeps, if it has one. */
export function storedAddress(order: AddressColumns): Address | undefined {
  const province = order.address_province;
  if (!province || !isProvince(province)) return undefined;
  return {
    street: order.address_street ?? '',
    number: order.address_number ?? '',
    zip_code: order.address_zip_code ?? '',
    city: order.address_city ?? '',
    province,
    details: order.address_details ?? '',
  };
}
