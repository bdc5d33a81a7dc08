// Realistic admin data made through the real API: brands with logos, products with photos and
// blisters, customers with orders in every status. Images are drawn here with sharp.
import sharp from 'sharp';
import { api, type TestServer } from '../tests/helpers/app';
import { createStaff, createUser } from '../tests/helpers/factories';
import { cartLine, encodeCart } from './helpers/cart';

/** A square PNG: a coloured background with a leaf and a label. */
export async function drawImage(label: string, hue: number, size = 1000): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},55%,88%)"/><stop offset="1" stop-color="hsl(${hue},45%,62%)"/></linearGradient></defs>
    <rect width="100" height="100" fill="url(#g)"/>
    <path d="M50 14c-12 11-18 23-18 34 0 11 8 19 18 19s18-8 18-19c0-11-6-23-18-34z" fill="hsl(${(hue + 40) % 360},60%,30%)"/>
    <path d="M50 28v36" stroke="hsl(${hue},60%,85%)" stroke-width="2" stroke-linecap="round"/>
    <text x="50" y="86" font-family="DejaVu Sans, sans-serif" font-size="7" font-weight="bold" text-anchor="middle" fill="hsl(${hue},50%,18%)">${label}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Uploads a picture; `token` null uploads as a guest (a warranty photo). */
export async function uploadAs(
  server: TestServer,
  token: string | null,
  png: Buffer,
  purpose: 'product' | 'brand' | 'warranty',
  name = 'imagen.png',
) {
  const form = new FormData();
  form.append('purpose', purpose);
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), name);
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const response = await fetch(`${server.url}/api/uploads/`, { method: 'POST', headers, body: form });
  const json = await response.json();
  if (response.status !== 201) throw new Error(`upload ${response.status}: ${JSON.stringify(json)}`);
  return json.secure_url as string;
}

/** A customer's warranty claim for seeds bought without an order here, with one photo. */
export async function claimWithoutOrder(server: TestServer, token: string, fields: { product_name: string; description: string }) {
  const photo = await uploadAs(server, token, await drawImage('foto', 60, 400), 'warranty', 'foto.png');
  const res = await api(server, 'POST', '/api/warranty-claims/', {
    token,
    body: { purchase_type: 'without-order', purchase_date: '2024-01-10', germination_date: '2024-01-20', ...fields, photos: [photo] },
  });
  if (res.status !== 201) throw new Error(`API ${res.status}: ${res.text}`);
  return res.json as { id: number };
}

async function ok(result: Promise<{ status: number; json: any; text: string }>, expected: number[] = [200, 201]) {
  const r = await result;
  if (!expected.includes(r.status)) throw new Error(`API ${r.status}: ${r.text}`);
  return r.json;
}

const BRANDS = [
  {
    brand_name: 'Royal Queen Seeds',
    is_national: false,
    hue: 280,
    description: 'Banco holandés con genéticas premiadas, feminizadas y automáticas de alta producción.',
  },
  { brand_name: 'Sweet Seeds', is_national: false, hue: 330, description: 'Banco español pionero en automáticas de floración rápida.' },
  { brand_name: 'Gorilla BSF', is_national: true, hue: 120, description: 'Genéticas nacionales adaptadas al clima argentino.' },
  { brand_name: 'Sweed Lab', is_national: true, hue: 40, description: 'Banco argentino de genéticas seleccionadas.' },
  { brand_name: 'Dinafem', is_national: false, hue: 200, description: '' },
];

const PRODUCTS = [
  {
    name: 'Gorilla Glue Auto',
    brand: 0,
    type: 'auto',
    currency: 'USD',
    blisters: [
      [3, 24.9, 12, 0],
      [5, 38.5, 3, 10],
    ],
  },
  {
    name: 'Northern Light',
    brand: 0,
    type: 'fem',
    currency: 'USD',
    blisters: [
      [1, 9.5, 20, 0],
      [3, 26, 8, 0],
    ],
  },
  { name: 'Amnesia Haze', brand: 0, type: 'fem', currency: 'ARS', blisters: [[3, 32000, 0, 0]] },
  {
    name: 'Cream Caramel Auto',
    brand: 1,
    type: 'auto',
    currency: 'ARS',
    blisters: [
      [3, 28500, 4, 0],
      [5, 44000, 2, 15],
    ],
  },
  { name: 'Big Devil XL Auto', brand: 1, type: 'auto', currency: 'ARS', blisters: [[3, 30000, 9, 0]] },
  {
    name: 'Gorilla Cookies',
    brand: 2,
    type: 'reg',
    currency: 'ARS',
    blisters: [
      [5, 18000, 25, 0],
      [10, 32000, 6, 0],
    ],
  },
  { name: 'Purple Punch Argenta', brand: 2, type: 'fem', currency: 'ARS', blisters: [[3, 21000, 2, 0]] },
  { name: 'Lemon Skunk Patagonia', brand: 3, type: 'fem', currency: 'USD', blisters: [[3, 19.9, 0, 0]] },
  {
    name: 'White Widow',
    brand: 4,
    type: 'fem',
    currency: 'USD',
    blisters: [
      [3, 22, 15, 5],
      [5, 34, 10, 5],
    ],
  },
  { name: 'Critical Auto Sin Precio', brand: 4, type: 'auto', currency: 'ARS', blisters: [[3, 0, 7, 0]] },
] as const;

export interface Showcase {
  staff: Awaited<ReturnType<typeof createStaff>>;
  brands: any[];
  products: any[];
  orders: any[];
}

/** Builds a small but realistic shop through the API as staff and two customers. */
export async function seedShowcase(server: TestServer): Promise<Showcase> {
  const db = server.ctx.db;
  const staff = await createStaff(db, { username: 'admin', email: 'admin@semillas.test', first_name: 'Lucía', last_name: 'Fernández' });
  const token = staff.token;

  const brands: any[] = [];
  for (const [i, brand] of BRANDS.entries()) {
    const image =
      i < 4 ? await uploadAs(server, token, await drawImage(brand.brand_name.split(' ')[0], brand.hue, 400), 'brand', 'logo.png') : null;
    brands.push(
      await ok(
        api(server, 'POST', '/api/brands/', {
          token,
          body: { brand_name: brand.brand_name, description: brand.description, is_national: brand.is_national, visible: true, image },
        }),
      ),
    );
  }

  const products: any[] = [];
  for (const [i, p] of PRODUCTS.entries()) {
    const image =
      i < 8 ? await uploadAs(server, token, await drawImage(p.name.split(' ').slice(0, 2).join(' '), (i * 47) % 360), 'product') : null;
    products.push(
      await ok(
        api(server, 'POST', '/api/products/', {
          token,
          body: {
            brand_id: brands[p.brand].id,
            name: p.name,
            type: p.type,
            currency: p.currency,
            genotype: 'Índica dominante',
            flavors: 'Terroso, Pino, Dulce',
            effects: 'Relajante, Eufórico',
            thc: '20%',
            cbd: '0,5%',
            sativa: 30,
            indica: 70,
            description: `${p.name} es una variedad robusta y fácil de cultivar, con cogollos densos y resinosos. Ideal para interior y exterior.`,
            flowering_time: '8-9 semanas',
            image,
            available: i !== 4,
            sku: `SKU-${100 + i}`,
            blisters: p.blisters.map(([seed_count, price, stock, discount]) => ({ seed_count, price, stock, discount })),
          },
        }),
      ),
    );
  }

  const customers = [
    await createUser(db, { username: 'martina.gomez', email: 'martina@correo.test', first_name: 'Martina', last_name: 'Gómez' }),
    await createUser(db, { username: 'juanperez', email: 'juan.perez@correo.test', first_name: 'Juan', last_name: 'Pérez' }),
    await createUser(db, { username: 'sofi_ruiz', email: 'sofia.ruiz@correo.test', first_name: 'Sofía', last_name: 'Ruiz' }),
  ];
  const orderPlans = [
    {
      customer: 0,
      lines: [
        [0, 0, 1],
        [5, 0, 2],
      ],
      status: 'pending',
    },
    { customer: 1, lines: [[1, 1, 1]], status: 'pending' },
    {
      customer: 2,
      lines: [
        [3, 0, 1],
        [8, 1, 1],
      ],
      status: 'completed',
    },
    { customer: 0, lines: [[5, 1, 1]], status: 'cancelled' },
    { customer: 1, lines: [[8, 0, 2]], status: 'pending' },
  ] as const;
  const orders: any[] = [];
  for (const [i, plan] of orderPlans.entries()) {
    const customer = customers[plan.customer];
    const order = await ok(
      api(server, 'POST', '/api/orders/', {
        token: customer.token,
        body: {
          recipient_name: `${customer.first_name} ${customer.last_name}`,
          customer_phone: `11${String(23456780 + i)}`,
          delivery_type: 'coordinate',
          products: plan.lines.map(([p, b, quantity]) => ({
            product_id: products[p].id,
            blister_id: products[p].blisters[b].id,
            quantity,
          })),
        },
      }),
    );
    if (plan.status !== 'pending') await ok(api(server, 'PUT', `/api/orders/${order.id}/`, { token, body: { status: plan.status } }));
    orders.push(order);
  }
  return { staff, brands, products, orders };
}

/**
 * The storefront's usual subject: a customer, a staff member, 'Royal Queen Seeds' with a logo and
 * 'Gorilla Glue Auto' (two photos; 3 seeds with stock and 10% off, 5 seeds without stock), a way
 * to add more products to the brand, and a cart cookie holding two of the first blister.
 */
export async function seedStorefront(server: TestServer) {
  const db = server.database.db;
  const customer = await createUser(db);
  const staff = await createStaff(db);
  const logo = await uploadAs(server, staff.token, await drawImage('RQS', 280), 'brand');
  const photo = await uploadAs(server, staff.token, await drawImage('GG', 120), 'product');
  const photo2 = await uploadAs(server, staff.token, await drawImage('GG2', 160), 'product');
  const brand = await ok(
    api(server, 'POST', '/api/brands/', {
      token: staff.token,
      body: { brand_name: 'Royal Queen Seeds', description: 'Banco holandés.', image: logo, is_national: false },
    }),
  );
  const addProduct = async (name: string, type: string, blisters: object[], extra: Record<string, unknown> = {}) =>
    ok(
      api(server, 'POST', '/api/products/', {
        token: staff.token,
        body: {
          brand_id: brand.id,
          name,
          type,
          currency: 'ARS',
          image: photo,
          description: `${name}: una genética estable.`,
          thc: '20%',
          flavors: 'Pino, Limón',
          blisters,
          ...extra,
        },
      }),
    );
  const product = await addProduct(
    'Gorilla Glue Auto',
    'auto',
    [
      { seed_count: 3, price: 12000, stock: 5, discount: 10 },
      { seed_count: 5, price: 19000, stock: 0 },
    ],
    { image_2: photo2 },
  );
  // The first blister, 10 % off: the cart holds the price the catalog shows.
  const cartCookie = encodeCart([
    cartLine(product, 2, { price: 10800, original_price: 12000, discount: 10, brand: 'Royal Queen Seeds', image: photo }),
  ]);
  return { customer, staff, product, addProduct, cartCookie };
}
