// The checkout form's rules: the order's own (recipient, phone) plus the delivery address, which
// needs street, number, zip code and city only for home delivery, as the server checks it.
import { z } from 'zod';
import { customerPhoneSchema, deliveryTypeSchema, recipientNameSchema } from '../../../domain/orders';
import { addressSchema, checkHomeAddress, isProvince, PROVINCE_CODES, type ShippingKind } from '../../../domain/shipping';

// The select starts empty (''), so the form's province is a text until a province is chosen.
const provinceSchema = z.string().pipe(z.enum(PROVINCE_CODES, { error: 'Elige la provincia' }));
// A shop without shipping methods asks for no province: the spec's checkout.
const noProvinceSchema = z.string().transform((code) => (isProvince(code) ? code : undefined));

/** `shipping`: whether the shop has methods set up (then the province picks them). */
export function checkoutSchema(kind: ShippingKind | null, shipping = true) {
  const address = addressSchema.extend({ province: shipping ? provinceSchema : noProvinceSchema });
  return z.object({
    recipient_name: recipientNameSchema,
    customer_phone: customerPhoneSchema,
    delivery_type: deliveryTypeSchema,
    shipping_method_id: z.string(),
    address: kind === 'home' ? address.superRefine(checkHomeAddress) : address,
  });
}

export type CheckoutValues = z.input<ReturnType<typeof checkoutSchema>>;
export type CheckoutOutput = z.output<ReturnType<typeof checkoutSchema>>;

/** What keeps the order from being confirmed, by field path, in the form's order. */
export const FIELD_NAMES: Record<string, string> = {
  recipient_name: 'el nombre de quien recibe',
  customer_phone: 'un teléfono válido',
  'address.province': 'la provincia',
  'address.street': 'la calle',
  'address.number': 'el número',
  'address.zip_code': 'el código postal',
  'address.city': 'la ciudad',
  delivery_type: 'el método de entrega',
};

export function missingFields(kind: ShippingKind | null, values: unknown, shipping = true): string[] {
  const result = checkoutSchema(kind, shipping).safeParse(values);
  if (result.success) return [];
  const invalid = new Set(result.error.issues.map((issue) => issue.path.join('.')));
  return Object.keys(FIELD_NAMES)
    .filter((path) => invalid.has(path))
    .map((path) => FIELD_NAMES[path]);
}
