// The values of 'Configuración → Envíos' as the form holds them: amounts and days as typed text,
// read by the domain's form schema on submit.
import { amountInputText } from '../../../../domain/money';
import type { Carrier, Province, ShippingKind, ShippingMethod } from '../../../../domain/shipping';

export interface ZoneFields {
  provinces: Province[];
  price: string;
}

export interface MethodFields {
  id?: number;
  name: string;
  kind: ShippingKind;
  carrier: Carrier;
  zones: ZoneFields[];
  rest_of_country_price: string;
  free_from: string;
  days_min: string;
  days_max: string;
  pickup_address: string;
  active: boolean;
}

export interface ShippingFormFields {
  methods: MethodFields[];
}

export const emptyZone = (): ZoneFields => ({ provinces: [], price: '' });

export const emptyMethod = (): MethodFields => ({
  name: '',
  kind: 'home',
  carrier: 'correo_argentino',
  zones: [],
  rest_of_country_price: '',
  free_from: '',
  days_min: '2',
  days_max: '5',
  pickup_address: '',
  active: true,
});

export const methodToFields = (method: ShippingMethod): MethodFields => ({
  id: method.id,
  name: method.name,
  kind: method.kind,
  carrier: method.carrier,
  zones: method.zones.map((zone) => ({ provinces: zone.provinces, price: amountInputText(zone.price) })),
  rest_of_country_price: amountInputText(method.rest_of_country_price),
  free_from: amountInputText(method.free_from),
  days_min: String(method.days_min),
  days_max: String(method.days_max),
  pickup_address: method.pickup_address,
  active: method.active,
});

export const toFormFields = (methods: ShippingMethod[] | undefined): ShippingFormFields => ({
  methods: (methods ?? []).map(methodToFields),
});

/** The carrier that goes with a pickup or an arrangement, when the one chosen is a courier. */
export function carrierForKind(kind: ShippingKind, carrier: Carrier): Carrier {
  if (kind === 'pickup') return 'retiro';
  if (kind === 'coordinate' && carrier !== 'moto') return 'otro';
  return carrier === 'retiro' ? 'correo_argentino' : carrier;
}
