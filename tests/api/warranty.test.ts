import { desc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { shopDate } from '../../src/domain/dates';
import type { Db } from '../../src/server/db/client';
import { sqlRows } from '../../src/server/db/client';
import { mailOutbox, orders, warrantyClaims } from '../../src/server/db/schema';
import { api, startTestServer, type TestServer, useTestServer } from '../helpers/app';
import { createOrderLine, createOrderRow, createProduct, createStaff, createUser } from '../helpers/factories';

type User = Awaited<ReturnType<typeof createUser>>;
type Product = Awaited<ReturnType<typeof createProduct>>;

const DAY = 24 * 3600 * 1000;
const day = (offset: number) => shopDate(new Date(Date.now() + offset * DAY));

const server = useTestServer();
let admin: User;
let ana: User;
let beto: User;
let seedA: Product;
let seedB: Product;
let photos: string[];

/** A real photo stored through POST /api/uploads/ (purpose warranty), as the form does. */
async function uploadPhoto(target: TestServer, color: string): Promise<string> {
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: color } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('purpose', 'warranty');
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'foto.png');
  const res = await fetch(`${target.url}/api/uploads/`, { method: 'POST', body: form });
  expect(res.status).toBe(201);
  return ((await res.json()) as { url: string }).url;
}

async function createOrder(
  db: Db,
  user: User,
  opts: { status?: 'pending' | 'completed' | 'cancelled'; daysAgo?: number; products: Product[] },
) {
  const order = await createOrderRow(db, user, {
    status: opts.status ?? 'completed',
    total: 1000 * opts.products.length,
    recipient_name: `${user.first_name} Destinatario`,
    customer_username: user.username,
    created_at: new Date(Date.now() - (opts.daysAgo ?? 10) * DAY),
  });
  for (const product of opts.products) await createOrderLine(db, order.id, product);
  return order;
}

const guestClaim = (overrides: Record<string, unknown> = {}) => ({
  name: 'Invitada Gómez',
  email: 'invitada@test.local',
  purchase_date: day(-20),
  germination_date: day(-10),
  product_name: 'Gorilla Glue Auto',
  description: 'Ninguna de las semillas germinó después de 5 días.',
  photo1: photos[0],
  photo2: photos[1],
  ...overrides,
});

const file = (body: unknown, token?: string) => api(server, 'POST', '/api/warranty-claims/', { body, token });

beforeAll(async () => {
  const db = server.database.db;
  admin = await createStaff(db, { username: 'admin_garantias' });
  ana = await createUser(db, { first_name: 'Ana', last_name: 'Pérez', phone: '1155550000' });
  beto = await createUser(db, { first_name: 'Beto', last_name: 'Ruiz' });
  seedA = await createProduct(db, { name: 'Amnesia Haze' });
  seedB = await createProduct(db, { name: 'Blue Dream' });
  photos = await Promise.all(['#2a7', '#a72', '#27a', '#777'].map((c) => uploadPhoto(server, c)));
});

describe('guest claims', () => {
  it('files a claim with two uploaded photos', async () => {
    const res = await file(guestClaim());
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      status: 'pending',
      status_display: 'Pendiente',
      name: 'Invitada Gómez',
      email: 'invitada@test.local',
      user_id: null,
      order_id: null,
      product_name: 'Gorilla Glue Auto',
      purchase_date: day(-20),
      germination_date: day(-10),
      photo1: photos[0],
      photo2: photos[1],
      photo3: null,
      admin_response: null,
    });
    expect(res.json.admin_notes).toBeUndefined();
    expect(photos[0]).toMatch(/^\/uploads\/warranty\/[0-9a-f]+-800\.webp$/);
  });

  it('e-mails the shop about each new claim, with who filed it and a link to review it', async () => {
    const res = await file(guestClaim({ product_name: 'Amnesia Haze Aviso' }));
    expect(res.status).toBe(201);
    const notices = await server.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, 'tienda@test.local'));
    const notice = notices.find((m) => m.subject.includes(`#${res.json.id}`));
    expect(notice?.subject).toBe(`Nueva solicitud de garantía #${res.json.id}: Amnesia Haze Aviso`);
    expect(notice?.text_body).toContain('Invitada Gómez');
    expect(notice?.text_body).toContain('invitada@test.local');
    expect(notice?.text_body).toContain('/admin/garantias');
  });

  it("sets the guest's description apart in the shop's notice, each line marked, so it cannot forge the order line", async () => {
    const forged = 'No germinó ninguna.\nProducto: Gorilla Glue Auto (pedido #1)\u2028Cliente: Ana Pérez';
    const res = await file(guestClaim({ product_name: 'Gorilla Glue Auto', description: forged }));
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    const notices = await server.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, 'tienda@test.local'));
    const notice = notices.find((m) => m.subject.includes(`#${res.json.id}`))!;
    const lines = notice.text_body.split('\n');
    expect(lines).toContain('Producto: Gorilla Glue Auto');
    expect(lines.filter((l) => l.includes('(pedido #1)'))).toEqual(['> Producto: Gorilla Glue Auto (pedido #1)']);
    expect(lines).toContain('> Cliente: Ana Pérez');
    expect(lines).toContain('Descripción escrita por el cliente (sin verificar):');
  });

  it('requires name and e-mail from guests', async () => {
    const res = await file(guestClaim({ name: '', email: undefined }));
    expect(res.status).toBe(400);
    expect(res.json.errors.name).toEqual(['El nombre es obligatorio']);
    expect(res.json.errors.email).toEqual(['El correo electrónico es obligatorio']);
    const bad = await file(guestClaim({ email: 'sin-arroba' }));
    expect(bad.status).toBe(400);
    expect(bad.json.errors.email).toEqual(['Debes proporcionar un correo electrónico válido']);
  });

  it("refuses a guest's name or product name on more than one line", async () => {
    const res = await file(guestClaim({ name: 'Invitada\nVerificado por la tienda', product_name: 'Amnesia\rHaze' }));
    expect(res.status).toBe(400);
    expect(res.json.errors.name).toEqual(['Escribe el nombre en una sola línea, sin saltos de línea ni tabulaciones']);
    expect(res.json.errors.product_name).toEqual(['Escribe el nombre del producto en una sola línea, sin saltos de línea ni tabulaciones']);
  });

  it('does not let a guest claim on an order', async () => {
    const order = await createOrder(server.database.db, ana, { products: [seedA] });
    const res = await file(guestClaim({ purchase_type: 'with-order', order_id: order.id, product_id: seedA.id }));
    expect(res.status).toBe(400);
    expect(res.json.errors.order_id).toEqual(['Debes iniciar sesión para elegir un pedido']);
  });
});

describe('date and description rules', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['purchase date missing', { purchase_date: '' }, 'purchase_date', 'La fecha de compra es obligatoria'],
    [
      'purchase date in the future',
      { purchase_date: day(2), germination_date: day(3) },
      'purchase_date',
      'La fecha de compra no puede ser futura',
    ],
    ['germination date missing', { germination_date: null }, 'germination_date', 'La fecha de germinación es obligatoria'],
    ['germination date in the future', { germination_date: day(1) }, 'germination_date', 'La fecha de germinación no puede ser futura'],
    [
      'germination before purchase',
      { germination_date: day(-25) },
      'germination_date',
      'La fecha de germinación no puede ser anterior a la fecha de compra',
    ],
    [
      'germination on the purchase day',
      { germination_date: day(-20) },
      'germination_date',
      'La germinación no puede ser el mismo día de la compra',
    ],
    ['an impossible date', { purchase_date: '2024-02-30' }, 'purchase_date', 'Fecha inválida'],
    ['product name missing', { product_name: '  ' }, 'product_name', 'El nombre del producto es obligatorio'],
    ['description missing', { description: '' }, 'description', 'La descripción del problema es obligatoria'],
    [
      'description too short once trimmed',
      { description: '   no brotó   ' },
      'description',
      'La descripción debe ser más detallada (mínimo 10 caracteres)',
    ],
  ];
  for (const [name, overrides, field, message] of cases) {
    it(`refuses ${name}`, async () => {
      const res = await file(guestClaim(overrides), ana.token);
      expect(res.status).toBe(400);
      expect(res.json.errors[field]).toEqual([message]);
    });
  }

  it('accepts germination the day after purchase and today', async () => {
    const res = await file(guestClaim({ purchase_date: day(-1), germination_date: day(0) }), ana.token);
    expect(res.status).toBe(201);
  });

  it('reports every broken field at once', async () => {
    const res = await file({}, ana.token);
    expect(res.status).toBe(400);
    expect(Object.keys(res.json.errors).sort()).toEqual(['description', 'germination_date', 'photos', 'product_name', 'purchase_date']);
  });
});

describe('photos', () => {
  it('needs at least one photo and at most three', async () => {
    const none = await file(guestClaim({ photo1: '', photo2: null }));
    expect(none.status).toBe(400);
    expect(none.json.errors.photos).toEqual(['Debes subir al menos una foto del problema']);
    const four = await file(guestClaim({ photo1: undefined, photo2: undefined, photos: photos.slice(0, 4) }));
    expect(four.status).toBe(400);
    expect(four.json.errors.photos).toEqual(['Puedes subir hasta 3 fotos']);
  });

  it("accepts three photos given as a list, and the shop's own absolute URL", async () => {
    const absolute = `${server.ctx.config.publicUrl}${photos[2]}`;
    const res = await file(guestClaim({ photo1: undefined, photo2: undefined, photos: [photos[0], photos[1], absolute] }), ana.token);
    expect(res.status).toBe(201);
    expect([res.json.photo1, res.json.photo2, res.json.photo3]).toEqual([photos[0], photos[1], photos[2]]);
  });

  it('accepts only photos this shop stored for warranty claims', async () => {
    const product = await createProduct(server.database.db);
    const others = [
      'https://otro-sitio.example/uploads/warranty/abc-800.webp',
      `//otro-sitio.example${photos[0]}`,
      '/uploads/warranty/no-existe-800.webp',
      '/uploads/product/abc-800.webp',
      `/uploads/warranty/%2e%2e/product/${photos[0].split('/').pop()}`,
      `${photos[0]}?x=1`,
      'javascript:alert(1)',
      product.image ?? 'data:image/png;base64,AAAA',
    ];
    for (const photo of others) {
      const res = await file(guestClaim({ photo1: photo, photo2: undefined }), ana.token);
      expect(res.status, photo).toBe(400);
      expect(res.json.errors.photos).toEqual(['Por favor selecciona una imagen válida']);
    }
  });
});

describe('customer claims from an order', () => {
  let anaCompleted: typeof orders.$inferSelect;
  let anaPending: typeof orders.$inferSelect;
  let anaCancelled: typeof orders.$inferSelect;
  let betoOrder: typeof orders.$inferSelect;

  beforeAll(async () => {
    const db = server.database.db;
    anaCompleted = await createOrder(db, ana, { status: 'completed', daysAgo: 30, products: [seedA, seedB] });
    anaPending = await createOrder(db, ana, { status: 'pending', daysAgo: 5, products: [seedB] });
    anaCancelled = await createOrder(db, ana, { status: 'cancelled', daysAgo: 8, products: [seedA] });
    betoOrder = await createOrder(db, beto, { status: 'completed', daysAgo: 12, products: [seedA] });
  });

  it("lists only the customer's own pending and completed orders, with their products", async () => {
    expect((await api(server, 'GET', '/api/warranty-claims/eligible-orders/')).status).toBe(401);
    const res = await api(server, 'GET', '/api/warranty-claims/eligible-orders/', { token: ana.token });
    expect(res.status).toBe(200);
    const ids = res.json.map((o: { id: number }) => o.id);
    expect(ids).toContain(anaCompleted.id);
    expect(ids).toContain(anaPending.id);
    expect(ids).not.toContain(anaCancelled.id);
    expect(ids).not.toContain(betoOrder.id);
    expect(ids.indexOf(anaPending.id)).toBeLessThan(ids.indexOf(anaCompleted.id));
    const completed = res.json.find((o: { id: number }) => o.id === anaCompleted.id);
    expect(completed).toMatchObject({
      recipient_name: 'Ana Destinatario',
      purchase_date: shopDate(anaCompleted.created_at),
      status: 'completed',
      products: [
        { id: seedA.id, name: 'Amnesia Haze' },
        { id: seedB.id, name: 'Blue Dream' },
      ],
    });
  });

  it('fills purchase date, name, e-mail and product name from the order, ignoring what the client sent', async () => {
    const res = await file(
      {
        purchase_type: 'with-order',
        order_id: anaCompleted.id,
        product_id: seedB.id,
        purchase_date: day(-2),
        product_name: 'Otra cosa',
        name: 'Otro nombre',
        email: 'otro@test.local',
        germination_date: day(-3),
        description: 'Germinaron 1 de 5 semillas del blíster.',
        photo1: photos[0],
      },
      ana.token,
    );
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      user_id: ana.id,
      order_id: anaCompleted.id,
      order_number: anaCompleted.id,
      product_id: seedB.id,
      product_name: 'Blue Dream',
      purchase_date: shopDate(anaCompleted.created_at),
      name: 'Ana Destinatario',
      email: ana.email,
    });
  });

  it('accepts a pending order too', async () => {
    const res = await file(
      {
        order_id: anaPending.id,
        product_id: seedB.id,
        germination_date: day(-1),
        description: 'No germinó ninguna semilla.',
        photo1: photos[1],
      },
      ana.token,
    );
    expect(res.status).toBe(201);
  });

  it("refuses another customer's order, a cancelled order and a product not in the order", async () => {
    const base = { germination_date: day(-1), description: 'No germinó ninguna semilla.', photo1: photos[0] };
    const foreign = await file({ ...base, order_id: betoOrder.id, product_id: seedA.id }, ana.token);
    expect(foreign.status).toBe(400);
    expect(foreign.json.errors.order_id).toEqual(['El pedido seleccionado no es válido para una garantía']);
    const cancelled = await file({ ...base, order_id: anaCancelled.id, product_id: seedA.id }, ana.token);
    expect(cancelled.status).toBe(400);
    expect(cancelled.json.errors.order_id).toBeDefined();
    const wrongProduct = await file({ ...base, order_id: anaPending.id, product_id: seedA.id }, ana.token);
    expect(wrongProduct.status).toBe(400);
    expect(wrongProduct.json.errors.product_id).toEqual(['El producto seleccionado no pertenece al pedido']);
  });

  it('asks for the order and the product', async () => {
    const base = { purchase_type: 'with-order', germination_date: day(-1), description: 'No germinó ninguna semilla.', photo1: photos[0] };
    const noOrder = await file(base, ana.token);
    expect(noOrder.json.errors.order_id).toEqual(['Debes seleccionar un pedido']);
    const noProduct = await file({ ...base, order_id: anaPending.id }, ana.token);
    expect(noProduct.json.errors.product_id).toEqual(['Debes seleccionar un producto del pedido']);
  });

  it('checks germination against the order date', async () => {
    const base = { order_id: anaPending.id, product_id: seedB.id, description: 'No germinó ninguna semilla.', photo1: photos[0] };
    const sameDay = await file({ ...base, germination_date: shopDate(anaPending.created_at) }, ana.token);
    expect(sameDay.json.errors.germination_date).toEqual(['La germinación no puede ser el mismo día de la compra']);
    const before = await file({ ...base, germination_date: day(-6) }, ana.token);
    expect(before.json.errors.germination_date).toEqual(['La fecha de germinación no puede ser anterior a la fecha de compra']);
  });

  it("files a claim without an order under the account's name and e-mail", async () => {
    const res = await file(guestClaim({ name: 'Cualquiera', email: 'cualquiera@test.local' }), beto.token);
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ user_id: beto.id, name: 'Beto Ruiz', email: beto.email, order_id: null });
  });
});

describe('following and reviewing claims', () => {
  let claimId: number;

  beforeAll(async () => {
    const res = await file(guestClaim({ product_name: 'Reclamo de Beto' }), beto.token);
    claimId = res.json.id;
  });

  it('needs a session to list claims', async () => {
    expect((await api(server, 'GET', '/api/warranty-claims/?user=current')).status).toBe(401);
  });

  it('shows a customer only their own claims', async () => {
    const res = await api(server, 'GET', '/api/warranty-claims/?user=current', { token: beto.token });
    expect(res.status).toBe(200);
    expect(res.json.count).toBeGreaterThanOrEqual(2);
    expect(res.json.results.every((c: { user_id: number }) => c.user_id === beto.id)).toBe(true);
    const plain = await api(server, 'GET', '/api/warranty-claims/', { token: beto.token });
    expect(plain.json.results.every((c: { user_id: number }) => c.user_id === beto.id)).toBe(true);
    expect((await api(server, 'GET', `/api/warranty-claims/${claimId}/`, { token: ana.token })).status).toBe(404);
  });

  it('lets only staff change a claim', async () => {
    const res = await api(server, 'PATCH', `/api/warranty-claims/${claimId}/`, { token: beto.token, body: { status: 'approved' } });
    expect(res.status).toBe(403);
  });

  it('validates the review', async () => {
    const bad = await api(server, 'PATCH', `/api/warranty-claims/${claimId}/`, { token: admin.token, body: { status: 'done' } });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe('Estado inválido');
    const empty = await api(server, 'PATCH', `/api/warranty-claims/${claimId}/`, { token: admin.token, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.json.error).toBe('No hay cambios para guardar');
    const missing = await api(server, 'PATCH', '/api/warranty-claims/999999/', { token: admin.token, body: { status: 'approved' } });
    expect(missing.status).toBe(404);
  });

  it('saves internal notes without telling the customer', async () => {
    const mailsBefore = (await server.database.db.select().from(mailOutbox)).length;
    const res = await api(server, 'PATCH', `/api/warranty-claims/${claimId}/`, {
      token: admin.token,
      body: { admin_notes: 'NOTA-INTERNA: cliente frecuente' },
    });
    expect(res.status).toBe(200);
    expect(res.json.admin_notes).toBe('NOTA-INTERNA: cliente frecuente');
    expect((await server.database.db.select().from(mailOutbox)).length).toBe(mailsBefore);
  });

  it('e-mails the customer on each status change, with the response but never the notes', async () => {
    const res = await api(server, 'PATCH', `/api/warranty-claims/${claimId}/`, {
      token: admin.token,
      body: { status: 'approved', admin_response: 'Te enviamos un reemplazo.', resolution_details: 'Reemplazo de 3 semillas' },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: 'approved', status_display: 'Aprobada', admin_response: 'Te enviamos un reemplazo.' });
    const [mail] = await server.database.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
    expect(mail.to_address).toBe(beto.email);
    expect(mail.subject).toBe(`Solicitud de garantía #${claimId}: Aprobada`);
    expect(mail.text_body).toContain('Aprobada');
    expect(mail.text_body).toContain('Te enviamos un reemplazo.');
    expect(mail.text_body).toContain('Reemplazo de 3 semillas');
    expect(mail.text_body).toContain('/mi-cuenta?section=warranty');
    expect(mail.html).not.toContain('NOTA-INTERNA');
    expect(mail.text_body).not.toContain('NOTA-INTERNA');

    const [entry] = await sqlRows<{ action: string; username: string; changes: any }>(
      server.database.db,
      sql`select action, username, changes from activity_logs where entity_type = 'warranty_claim' order by id desc limit 1`,
    );
    expect(entry).toMatchObject({ action: 'status_change', username: 'admin_garantias' });
    expect(entry.changes).toMatchObject({ old_status: 'pending', new_status: 'approved', changed_by: 'admin_garantias' });
  });

  it('labels every status in Spanish and sends one e-mail per change', async () => {
    const labels: Record<string, string> = { reviewing: 'En Revisión', rejected: 'Rechazada', resolved: 'Resuelta', pending: 'Pendiente' };
    for (const [status, label] of Object.entries(labels)) {
      const before = (await server.database.db.select().from(mailOutbox)).length;
      const res = await api(server, 'PATCH', `/api/warranty-claims/${claimId}/`, { token: admin.token, body: { status } });
      expect(res.json.status_display).toBe(label);
      const after = await server.database.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id));
      expect(after.length).toBe(before + 1);
      expect(after[0].subject).toContain(label);
    }
    // The same status again is not a change.
    const before = (await server.database.db.select().from(mailOutbox)).length;
    await api(server, 'PATCH', `/api/warranty-claims/${claimId}/`, { token: admin.token, body: { status: 'pending' } });
    expect((await server.database.db.select().from(mailOutbox)).length).toBe(before);
  });

  it('shows the customer the response and resolution but never the internal notes', async () => {
    const list = await api(server, 'GET', '/api/warranty-claims/?user=current', { token: beto.token });
    const mine = list.json.results.find((c: { id: number }) => c.id === claimId);
    expect(mine).toMatchObject({
      admin_response: 'Te enviamos un reemplazo.',
      resolution_details: 'Reemplazo de 3 semillas',
      status_display: 'Pendiente',
    });
    expect('admin_notes' in mine).toBe(false);
    expect(list.text).not.toContain('NOTA-INTERNA');
    const one = await api(server, 'GET', `/api/warranty-claims/${claimId}/`, { token: beto.token });
    expect(one.status).toBe(200);
    expect(one.text).not.toContain('NOTA-INTERNA');
  });

  it('lists every claim for staff with search, status filter and paging', async () => {
    const all = await api(server, 'GET', '/api/warranty-claims/?page_size=2', { token: admin.token });
    expect(all.status).toBe(200);
    const total = (await server.database.db.select().from(warrantyClaims)).length;
    expect(all.json.count).toBe(total);
    expect(all.json.results).toHaveLength(2);
    expect(all.json.next).toContain('page=2');
    expect(all.json.results[0].admin_notes).toBeDefined();
    expect(all.json.results[0].user_phone).toBeUndefined();

    const byProduct = await api(server, 'GET', '/api/warranty-claims/?search=reclamo%20de%20beto', { token: admin.token });
    expect(byProduct.json.results.map((c: { id: number }) => c.id)).toEqual([claimId]);
    const byId = await api(server, 'GET', `/api/warranty-claims/?search=${claimId}`, { token: admin.token });
    expect(byId.json.results.map((c: { id: number }) => c.id)).toContain(claimId);
    const byEmail = await api(server, 'GET', '/api/warranty-claims/?search=invitada@', { token: admin.token });
    expect(byEmail.json.results.length).toBeGreaterThan(0);
    expect(byEmail.json.results.every((c: { email: string }) => c.email === 'invitada@test.local')).toBe(true);
    const wildcard = await api(server, 'GET', '/api/warranty-claims/?search=%25', { token: admin.token });
    expect(wildcard.json.count).toBe(0);
    const approved = await api(server, 'GET', '/api/warranty-claims/?status=resolved', { token: admin.token });
    expect(approved.json.results.every((c: { status: string }) => c.status === 'resolved')).toBe(true);
    expect((await api(server, 'GET', '/api/warranty-claims/?status=otro', { token: admin.token })).status).toBe(400);
  });

  it('searches claims ignoring accents and case', async () => {
    const [claim] = await server.database.db
      .insert(warrantyClaims)
      .values({
        name: 'Martín González',
        email: 'martin.gonzalez@test.local',
        product_name: 'Amnesia Haze Ñandú',
        purchase_date: '2026-01-02',
        germination_date: '2026-01-10',
        description: 'Ninguna germinó después del remojo',
      })
      .returning();
    const search = async (term: string) =>
      (await api(server, 'GET', `/api/warranty-claims/?search=${encodeURIComponent(term)}`, { token: admin.token })).json.results.map(
        (c: { id: number }) => c.id,
      );
    for (const term of ['gonzalez', 'GONZÁLEZ', 'martin gonz', 'nandu', 'germino despues del remojo'])
      expect(await search(term), term).toEqual([claim.id]);
    expect(await search('gonzalex')).toEqual([]);
  });

  it("adds the claimant's phone, age of account and previous orders on request", async () => {
    const res = await api(server, 'GET', '/api/warranty-claims/?include_user_details=true&page_size=100', { token: admin.token });
    const fromOrder = res.json.results.find((c: { user_id: number; order_id: number | null }) => c.user_id === ana.id && c.order_id);
    // Completed, pending and the one from the guest test; the cancelled one does not count.
    expect(fromOrder).toMatchObject({ user_phone: '1155550000', previous_orders_count: 3 });
    expect(new Date(fromOrder.user_since).getTime()).toBe(new Date(ana.created_at).getTime());
    expect(fromOrder.order).toEqual({ id: fromOrder.order_id, customer_id: ana.id });
    const fromBeto = res.json.results.find((c: { user_id: number }) => c.user_id === beto.id);
    // Beto has no phone on his account: the one of his latest order.
    expect(fromBeto).toMatchObject({ user_phone: '1122334455', previous_orders_count: 1 });
    const guest = res.json.results.find((c: { email: string }) => c.email === 'invitada@test.local');
    expect(guest).toMatchObject({ user_phone: null, user_since: null, previous_orders_count: 0 });
  });
});

describe('guest limits', () => {
  it('lets 5 of 12 simultaneous claims from one address through, and a refused claim takes no place', async () => {
    const own = await startTestServer();
    try {
      const photo = await uploadPhoto(own, '#456');
      // A claim with a photo the shop does not have is refused before it counts.
      const missingPhoto = await api(own, 'POST', '/api/warranty-claims/', {
        body: guestClaim({ photo1: '/uploads/warranty/no-existe-800.webp', photo2: undefined }),
      });
      expect(missingPhoto.status).toBe(400);
      const answers = await Promise.all(
        Array.from({ length: 12 }, () =>
          api(own, 'POST', '/api/warranty-claims/', { body: guestClaim({ photo1: photo, photo2: undefined }) }),
        ),
      );
      expect(answers.filter((res) => res.status === 201)).toHaveLength(5);
      expect(answers.filter((res) => res.status === 429)).toHaveLength(7);
      expect(await own.database.db.$count(warrantyClaims)).toBe(5);
    } finally {
      await own.close();
    }
  });

  it('lets one address file 5 claims an hour', async () => {
    const own = await startTestServer();
    try {
      const photo = await uploadPhoto(own, '#123');
      for (let i = 0; i < 5; i++) {
        const res = await api(own, 'POST', '/api/warranty-claims/', { body: guestClaim({ photo1: photo, photo2: undefined }) });
        expect(res.status).toBe(201);
      }
      const refused = await api(own, 'POST', '/api/warranty-claims/', { body: guestClaim({ photo1: photo, photo2: undefined }) });
      expect(refused.status).toBe(429);
      expect(refused.json.error).toBe('Demasiadas solicitudes de garantía. Por favor, intenta nuevamente más tarde.');
      const customer = await createUser(own.database.db);
      const asCustomer = await api(own, 'POST', '/api/warranty-claims/', {
        body: guestClaim({ photo1: photo, photo2: undefined }),
        token: customer.token,
      });
      expect(asCustomer.status).toBe(201);
      own.setNow(new Date(Date.now() + 61 * 60_000));
      const later = await api(own, 'POST', '/api/warranty-claims/', {
        body: guestClaim({ photo1: photo, photo2: undefined, purchase_date: day(-5), germination_date: day(-3) }),
      });
      expect(later.status).toBe(201);
    } finally {
      await own.close();
    }
  });
});
