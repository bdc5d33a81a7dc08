import { describe, expect, it } from 'vitest';
import { formatArs } from '../../../../domain/money';
import type { OrderDto, OrderProductDto } from '../../../../domain/orders';
import { addressLines, lineSeeds, parseOrderNumbers, pickList, shippingLine } from './print';

const line = (product_id: number | null, product_name: string, seed_count: number | null, quantity: number, brand = 'RQS') =>
  ({ product_id, product_name, product_brand: brand, quantity, blister_info: { seed_count } }) as OrderProductDto;
const order = (order_number: number, lines: OrderProductDto[]) => ({ order_number, order_products: lines }) as OrderDto;

describe('pick list', () => {
  it('sums units per product and seed count over the orders, naming the orders', () => {
    const rows = pickList([
      order(7, [line(1, 'Gorilla Glue Auto', 3, 2), line(2, 'Amnesia Haze', 5, 1, 'Dinafem')]),
      order(8, [line(1, 'Gorilla Glue Auto', 3, 1), line(1, 'Gorilla Glue Auto', 5, 1)]),
    ]);
    expect(rows.map((r) => [r.product_brand, r.product_name, r.seed_count, r.units, r.orders])).toEqual([
      ['Dinafem', 'Amnesia Haze', 5, 1, [7]],
      ['RQS', 'Gorilla Glue Auto', 3, 3, [7, 8]],
      ['RQS', 'Gorilla Glue Auto', 5, 1, [8]],
    ]);
  });

  it('keeps a line whose product was deleted, by its name', () => {
    const rows = pickList([order(1, [line(null, 'Vieja', 3, 1)]), order(2, [line(null, 'Vieja', 3, 2)])]);
    expect(rows).toHaveLength(1);
    expect(rows[0].units).toBe(3);
  });

  it('counts the seeds of a line as seed count times packs', () => {
    expect(lineSeeds(line(1, 'X', 5, 3))).toBe(15);
    expect(lineSeeds(line(1, 'X', null, 3))).toBeNull();
  });
});

describe('printed order numbers', () => {
  it('reads a comma list, skipping junk and repeats', () => {
    expect(parseOrderNumbers('3,1,x,3,,0,2')).toEqual([3, 1, 2]);
    expect(parseOrderNumbers(null)).toEqual([]);
  });
});

describe('delivery on the slips', () => {
  const base: Parameters<typeof addressLines>[0] = {
    shipping_address: '',
    delivery_type: 'address',
    delivery_type_display: 'Envío a domicilio',
    address: null,
    shipping: null,
  };
  const home = {
    ...base,
    delivery_type: 'address',
    shipping: { method_id: 1, name: 'Correo Argentino a domicilio', kind: 'home', carrier: 'correo_argentino', price: 6500 },
    address: { street: 'Av. Colón', number: '1200', zip_code: '5000', city: 'Córdoba', province: 'AR-X', details: 'Depto 3B' },
  } as const;

  it('writes a home address as a parcel label: street and number, indications, city with zip code, province', () => {
    expect(addressLines(home)).toEqual(['Av. Colón 1200', 'Depto 3B', 'Córdoba (CP 5000)', 'Córdoba']);
    expect(addressLines({ ...home, address: { ...home.address, details: '', province: 'AR-C', city: 'CABA' } })).toEqual([
      'Av. Colón 1200',
      'CABA (CP 5000)',
      'Ciudad Autónoma de Buenos Aires',
    ]);
  });

  it('writes the delivery text of a pickup, an arranged delivery or an order without address fields', () => {
    const pickup = {
      ...home,
      address: null,
      shipping: { ...home.shipping, kind: 'pickup' },
      shipping_address: 'Retiro en Av. Corrientes 1234',
    } as const;
    expect(addressLines(pickup)).toEqual(['Retiro en Av. Corrientes 1234']);
    expect(addressLines({ ...base, shipping_address: 'Calle 1' })).toEqual(['Calle 1']);
    expect(addressLines({ ...base, delivery_type: 'coordinate' as const, delivery_type_display: 'Coordinar entrega' })).toEqual([
      'Coordinar entrega',
    ]);
  });

  it('names the shipping method with its price, free ones as such', () => {
    expect(shippingLine(home)).toBe(`Correo Argentino a domicilio · ${formatArs(6500)}`);
    expect(shippingLine({ shipping: { ...home.shipping, price: 0 } })).toBe('Correo Argentino a domicilio · Sin cargo');
    expect(shippingLine(base)).toBeNull();
  });
});
