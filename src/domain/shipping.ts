// Shipping: the methods the owner sets up ('Configuración → Envíos'), the provinces they serve,
// what each costs for a subtotal, and the delivery an order keeps (chooseDelivery). The server
// quotes an order from its own settings with these same functions inside the order's
// transaction; the web shows the same quote before confirming.
import { z } from 'zod';
import { amountField } from './amount-field';
import { CARRIER_LABELS, CARRIERS, type Carrier } from './fulfilment-steps';
import { roundCents, toCents } from './money';
import { singleLine } from './single-line';
import { compareNames, wellFormedText } from './text';

/** ISO 3166-2:AR, by name. */
export const PROVINCES = {
  'AR-C': 'Ciudad Autónoma de Buenos Aires',
  'AR-B': 'Buenos Aires',
  'AR-K': 'Catamarca',
  'AR-H': 'Chaco',
  'AR-U': 'Chubut',
  'AR-X': 'Córdoba',
  'AR-W': 'Corrientes',
  'AR-E': 'Entre Ríos',
  'AR-P': 'Formosa',
  'AR-Y': 'Jujuy',
  'AR-L': 'La Pampa',
  'AR-F': 'La Rioja',
  'AR-M': 'Mendoza',
  'AR-N': 'Misiones',
  'AR-Q': 'Neuquén',
  'AR-R': 'Río Negro',
  'AR-A': 'Salta',
  'AR-J': 'San Juan',
  'AR-D': 'San Luis',
  'AR-Z': 'Santa Cruz',
  'AR-S': 'Santa Fe',
  'AR-G': 'Santiago del Estero',
  'AR-V': 'Tierra del Fuego',
  'AR-T': 'Tucumán',
} as const;
export type Province = keyof typeof PROVINCES;
export const PROVINCE_CODES = Object.keys(PROVINCES) as [Province, ...Province[]];
export const isProvince = (code: string): code is Province => Object.hasOwn(PROVINCES, code);
/** Alphabetical by name, for the selects (CABA first, as every Argentine form does). */
export const PROVINCE_OPTIONS: { code: Province; name: string }[] = PROVINCE_CODES.map((code) => ({ code, name: PROVINCES[code] })).sort(
  (a, b) => (a.code === 'AR-C' ? -1 : b.code === 'AR-C' ? 1 : compareNames(a.name, b.name)),
);

/** home: to the customer's address; pickup: at the shop's address; coordinate: the spec's "Acordar entrega". */
export const SHIPPING_KINDS = ['home', 'pickup', 'coordinate'] as const;
export type ShippingKind = (typeof SHIPPING_KINDS)[number];
export const SHIPPING_KIND_LABELS: Record<ShippingKind, string> = {
  home: 'Envío a domicilio',
  pickup: 'Retiro en persona',
  coordinate: 'Acordar entrega',
};

export { CARRIER_LABELS, CARRIERS, type Carrier };

/** How an order is delivered: to an address, or agreed with the shop ("Acordar entrega"). */
export const DELIVERY_TYPES = ['address', 'coordinate'] as const;
export type DeliveryType = (typeof DELIVERY_TYPES)[number];

// spec storefront §4: choosing coordinate sets the address to 'Coordinar entrega'.
export const COORDINATE_ADDRESS = 'Coordinar entrega';

// ---------------------------------------------------------------------------------------------
// Settings (GET/PUT /api/core/shipping-settings/)

export const SHIPPING_MAX_PRICE = 10_000_000;
const MAX_METHODS = 30;

const priceField = (label: string) =>
  z
    .number({ error: `${label} debe ser un número` })
    .min(0, `${label} no puede ser negativo`)
    .max(SHIPPING_MAX_PRICE, `${label} es demasiado alto`)
    .transform(roundCents);

const daysField = (label: string) =>
  z
    .number({ error: `${label} debe ser un número` })
    .int(`${label} debe ser un número entero`)
    .min(0, `${label} no puede ser negativo`)
    .max(90, `${label} no puede superar 90`);

export const shippingZoneSchema = z.object({
  provinces: z
    .array(z.enum(PROVINCE_CODES, { error: 'Provincia inválida' }), { error: 'Elige las provincias de la zona' })
    .min(1, 'Cada zona necesita al menos una provincia')
    .transform((codes) => [...new Set(codes)]),
  price: priceField('El precio de la zona'),
});
export type ShippingZone = z.output<typeof shippingZoneSchema>;

export const shippingMethodSchema = z
  .object({
    id: z.number().int().positive().optional(),
    name: z.string({ error: 'El nombre es requerido' }).trim().min(1, 'El nombre es requerido').max(80, 'El nombre es demasiado largo'),
    kind: z.enum(SHIPPING_KINDS, { error: 'Elige el tipo de envío' }),
    carrier: z.enum(CARRIERS, { error: 'Elige el transporte' }),
    zones: z.array(shippingZoneSchema).max(24, 'Demasiadas zonas'),
    rest_of_country_price: priceField('El precio para el resto del país').nullable(),
    free_from: priceField('El mínimo para envío gratis').nullable(),
    days_min: daysField('Los días mínimos'),
    days_max: daysField('Los días máximos'),
    pickup_address: z.string().trim().max(200, 'La dirección de retiro es demasiado larga').default(''),
    active: z.boolean().default(true),
  })
  .superRefine((m, issues) => {
    if (m.days_max < m.days_min)
      issues.addIssue({ code: 'custom', path: ['days_max'], message: 'Los días máximos no pueden ser menos que los mínimos' });
    if (m.kind === 'pickup' && !m.pickup_address)
      issues.addIssue({ code: 'custom', path: ['pickup_address'], message: 'Indica la dirección de retiro' });
    const seen = new Set<string>();
    m.zones.forEach((zone, index) => {
      for (const code of zone.provinces) {
        if (seen.has(code)) {
          issues.addIssue({ code: 'custom', path: ['zones', index, 'provinces'], message: `${PROVINCES[code]} está en más de una zona` });
        }
        seen.add(code);
      }
    });
    if (m.zones.length === 0 && m.rest_of_country_price === null) {
      issues.addIssue({ code: 'custom', path: ['rest_of_country_price'], message: 'Sin zonas, el precio para todo el país es requerido' });
    }
  });
export type ShippingMethodInput = z.output<typeof shippingMethodSchema>;
export type ShippingMethod = ShippingMethodInput & { id: number };

export const shippingSettingsSchema = z.object({
  methods: z.array(shippingMethodSchema, { error: 'Faltan los métodos de envío' }).max(MAX_METHODS, `Como máximo ${MAX_METHODS} métodos`),
});
export type ShippingSettingsInput = z.output<typeof shippingSettingsSchema>;
export interface ShippingSettings {
  methods: ShippingMethod[];
}

/**
 * The settings form ('Configuración → Envíos'): prices and days as typed, read the Argentine way
 * ("22.000" is 22000, blank is "not set" where a price is optional), then the API's own rules,
 * so the form marks the same fields with the same messages before sending.
 */
const typedPrice = (label: string) => amountField(`Ingresa ${label}`, `Ingresa ${label} en números, por ejemplo 22.000`);
const typedOptionalPrice = (label: string) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), typedPrice(label).nullable());
const typedDays = (label: string) => amountField(`Ingresa ${label}`, `Ingresa ${label} en números enteros`, { integer: true });

export const shippingSettingsFormSchema = z
  .object({
    methods: z.array(
      z.object({
        id: z.number().int().positive().optional(),
        name: z.string(),
        kind: z.enum(SHIPPING_KINDS, { error: 'Elige el tipo de envío' }),
        carrier: z.enum(CARRIERS, { error: 'Elige el transporte' }),
        zones: z.array(z.object({ provinces: z.array(z.enum(PROVINCE_CODES)), price: typedPrice('el precio de la zona') })),
        rest_of_country_price: typedOptionalPrice('el precio para el resto del país'),
        free_from: typedOptionalPrice('el mínimo para envío gratis'),
        days_min: typedDays('los días mínimos'),
        days_max: typedDays('los días máximos'),
        pickup_address: z.string().optional(),
        active: z.boolean().optional(),
      }),
    ),
  })
  .pipe(shippingSettingsSchema);

// ---------------------------------------------------------------------------------------------
// Quotes (GET /api/shipping/options/, and the order's own computation)

export interface ShippingOption {
  method_id: number;
  name: string;
  kind: ShippingKind;
  carrier: Carrier;
  price: number;
  free: boolean;
  days_min: number;
  days_max: number;
  pickup_address: string;
}

/** What a method charges to a province for a subtotal; null when it does not reach the province. */
export function quoteMethod(method: ShippingMethod, province: Province, subtotal: number): ShippingOption | null {
  if (!method.active) return null;
  const zone = method.zones.find((z) => z.provinces.includes(province));
  const listPrice = zone ? zone.price : method.rest_of_country_price;
  if (listPrice === null) return null;
  const free = method.free_from !== null && toCents(subtotal) >= toCents(method.free_from);
  return {
    method_id: method.id,
    name: method.name,
    kind: method.kind,
    carrier: method.carrier,
    price: free ? 0 : listPrice,
    free,
    days_min: method.days_min,
    days_max: method.days_max,
    pickup_address: method.pickup_address,
  };
}

/** The methods serving a province, cheapest first (ties by name). */
export function shippingOptions(methods: ShippingMethod[], province: Province, subtotal: number): ShippingOption[] {
  return methods
    .map((m) => quoteMethod(m, province, subtotal))
    .filter((o): o is ShippingOption => o !== null)
    .sort((a, b) => a.price - b.price || compareNames(a.name, b.name));
}

/** The provinces at least one active method reaches (none: the shop has no shipping set up). */
export function reachedProvinces(methods: ShippingMethod[]): Province[] {
  const reached = new Set<Province>();
  for (const method of methods.filter((m) => m.active)) {
    if (method.rest_of_country_price !== null) return [...PROVINCE_CODES];
    for (const zone of method.zones) for (const code of zone.provinces) reached.add(code);
  }
  return PROVINCE_CODES.filter((code) => reached.has(code));
}

export const NOT_SERVED_MESSAGE = 'El método de envío elegido no llega a esa provincia. Elige otro.';

export const shippingOptionsQuerySchema = z.object({
  province: z.enum(PROVINCE_CODES, { error: 'Elige una provincia válida' }),
  subtotal: z.coerce
    .number({ error: 'El subtotal debe ser un número' })
    .min(0, 'El subtotal no puede ser negativo')
    .max(1_000_000_000)
    .default(0),
});

export function deliveryDays(option: { days_min: number; days_max: number }): string {
  if (option.days_max === 0) return 'en el día';
  if (option.days_min === option.days_max) return option.days_min === 1 ? '1 día hábil' : `${option.days_min} días hábiles`;
  return `${option.days_min} a ${option.days_max} días hábiles`;
}

// ---------------------------------------------------------------------------------------------
// Delivery address

// Kept as jsonb on the customer's account: text that jsonb can store (wellFormedText).
const addressText = (label: string, max: number) =>
  z
    .string({ error: `${label} es requerido` })
    .trim()
    .max(max, `${label} es demasiado largo`)
    .check(singleLine(label))
    .transform(wellFormedText);

/** The spec's address fields plus the province; what home delivery requires is checked with the method. */
export const addressSchema = z.object({
  street: addressText('La calle', 120).default(''),
  number: addressText('El número', 20).default(''),
  zip_code: addressText('El código postal', 10).default(''),
  city: addressText('La ciudad', 80).default(''),
  province: z.enum(PROVINCE_CODES, { error: 'Elige la provincia' }),
  details: addressText('Las indicaciones', 200).default(''),
});
export type Address = z.output<typeof addressSchema>;

const ADDRESS_FIELDS = ['street', 'number', 'zip_code', 'city', 'province', 'details'] as const;

/** The same place, field by field (a stored jsonb keeps its keys in another order). */
export function sameAddress(a: Address | null | undefined, b: Address | null | undefined): boolean {
  if (!a || !b) return a === b;
  return ADDRESS_FIELDS.every((field) => a[field] === b[field]);
}

/** An address as answers carry it (orders, the customer's saved one). */
export const addressDtoSchema = z.object({
  street: z.string(),
  number: z.string(),
  zip_code: z.string(),
  city: z.string(),
  province: z.enum(PROVINCE_CODES),
  details: z.string(),
});

const ZIP = /^[A-Za-z]?\d{4}[A-Za-z]{0,3}$/;

/** Home delivery needs street, number, zip code and city; answers field → message. */
export function missingHomeAddressFields(
  address: Pick<Address, 'street' | 'number' | 'zip_code' | 'city'>,
): Partial<Record<keyof Address, string>> {
  const missing: Partial<Record<keyof Address, string>> = {};
  if (!address.street) missing.street = 'La calle es requerida';
  if (!address.number) missing.number = 'El número es requerido';
  if (!address.zip_code) missing.zip_code = 'El código postal es requerido';
  else if (!ZIP.test(address.zip_code.replace(/\s/g, ''))) missing.zip_code = 'Código postal inválido';
  if (!address.city) missing.city = 'La ciudad es requerida';
  return missing;
}

/** Refinement for an address object schema: what home delivery requires, per field. */
export function checkHomeAddress(address: Pick<Address, 'street' | 'number' | 'zip_code' | 'city'>, issues: z.RefinementCtx) {
  for (const [field, message] of Object.entries(missingHomeAddressFields(address))) {
    issues.addIssue({ code: 'custom', path: [field], message });
  }
}

/** An address complete enough for home delivery: the one a customer keeps on the account. */
export const homeAddressSchema = addressSchema.superRefine(checkHomeAddress);

/** The spec's single address text, as slips, e-mails and the CSV's old column show it. */
export function joinAddress(address: Address): string {
  const street = [address.street, address.number].filter(Boolean).join(' ');
  const city = [address.city, address.zip_code ? `(${address.zip_code})` : ''].filter(Boolean).join(' ');
  return [street, address.details, city, PROVINCES[address.province]].filter(Boolean).join(', ');
}

/** What an order's shipping_address says for each kind of method. */
export function deliveryText(kind: ShippingKind, address: Address | null, pickupAddress: string, coordinateText: string): string {
  if (kind === 'coordinate') return coordinateText;
  if (kind === 'pickup') return `Retiro en ${pickupAddress}`;
  return address ? joinAddress(address) : '';
}

/** The order's total: subtotal plus shipping (discounts are already in the line prices). */
export const orderTotalWithShipping = (subtotal: number, shipping: number | null) => roundCents(subtotal + (shipping ?? 0));

// ---------------------------------------------------------------------------------------------
// The delivery an order keeps (checkout, manual order, edits)

/** What an order asks for: the type, the spec's address text, the method chosen and the address given. */
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

/** Why a delivery cannot be chosen: 409 for the method (gone, switched off, not reaching the province), 400 per address field. */
export interface DeliveryRefusal {
  status: 400 | 409;
  message: string;
  code?: 'SHIPPING_UNAVAILABLE' | 'SHIPPING_NOT_SERVED';
  details?: Record<string, unknown>;
  fields?: Record<string, string[]>;
}

export const SHIPPING_UNAVAILABLE_MESSAGE = 'El método de envío elegido ya no está disponible. Elige otro.';

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
 * The delivery an order keeps: the chosen method (as the server read it, undefined when it is
 * gone) quoted for the address's province and `subtotal`. Refuses a method that is gone or
 * inactive, or does not reach the province (409), and home delivery without a full address
 * (400, per field).
 */
export function chooseDelivery(
  input: DeliveryInput,
  method: ShippingMethod | undefined,
  subtotal: number,
): ChosenDelivery | { refusal: DeliveryRefusal } {
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
  if (!method || !method.active) {
    const details = { shipping_method_id: input.shipping_method_id };
    return { refusal: { status: 409, message: SHIPPING_UNAVAILABLE_MESSAGE, code: 'SHIPPING_UNAVAILABLE', details } };
  }
  // A staff edit may pick a method for an order that never had an address (one to agree on).
  const address = input.address;
  if (!address) return { refusal: { status: 400, message: 'Elige la provincia', fields: { 'address.province': ['Elige la provincia'] } } };
  const quote = quoteMethod(method, address.province, subtotal);
  if (!quote) {
    const details = { shipping_method_id: method.id, province: address.province };
    return { refusal: { status: 409, message: NOT_SERVED_MESSAGE, code: 'SHIPPING_NOT_SERVED', details } };
  }
  const home = method.kind === 'home';
  const missing = home ? Object.entries(missingHomeAddressFields(address)) : [];
  if (missing.length) {
    const fields = Object.fromEntries(missing.map(([field, message]) => [`address.${field}`, [message]]));
    return { refusal: { status: 400, message: 'Completa la dirección de entrega', fields } };
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
