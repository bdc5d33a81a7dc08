// The staff order list (issue 13): the search finds an order by customer name, e-mail, phone in
// any form, order number, id or product name, ignoring accents and case; the list sorts by date
// or total, filters by fulfilment stage and by a selection of ids.
import { beforeAll, describe, expect, it } from 'vitest';
import { api, useTestServer } from '../helpers/app';
import { createProduct, createStaff, createUser } from '../helpers/factories';
import { placeOrder, simpleOrder } from '../helpers/orders';

const server = useTestServer({ maxPendingOrders: 1000 });
let staff: Awaited<ReturnType<typeof createStaff>>;
const db = () => server.ctx.db;

beforeAll(async () => {
  staff = await createStaff(db());
});

const list = (query: string) => api(server, 'GET', `/api/orders/?${query}`, { token: staff.token });
const ids = (res: { json: { results: { id: number }[] } }) => res.json.results.map((o) => o.id);
const search = async (term: string) => ids(await list(`search=${encodeURIComponent(term)}`));

describe('search', () => {
  it('finds the recipient and the account names, username and e-mail ignoring accents and case', async () => {
    const customer = await createUser(db(), {
      username: 'Peñalolen_77',
      first_name: 'Íñigo',
      last_name: 'Álvarez Núñez',
      email: 'inigo.alvarez@correo.test',
    });
    const { order } = await simpleOrder(server, { customer, recipient_name: 'Ramona González' });
    await simpleOrder(server, { recipient_name: 'Ramón Gonzaga' });
    for (const term of [
      'gonzalez',
      'GONZÁLEZ',
      'ramona gonz',
      'inigo',
      'IÑIGO ÁLVAREZ',
      'alvarez nunez',
      'penalolen_7',
      'inigo.alvarez@correo',
    ]) {
      expect(await search(term), term).toEqual([order.id]);
    }
    // A term never matches across two fields.
    expect(await search('núñez inigo')).toEqual([]);
  });

  it('finds the phone however it is typed', async () => {
    const { order } = await simpleOrder(server, { customer_phone: '351 15 456-7890' });
    for (const term of ['3514567890', '351 456 7890', '(0351) 15-456-7890', '+54 9 351 456 7890', '456-7890']) {
      expect(await search(term), term).toEqual([order.id]);
    }
  });

  it('finds the product name kept by a line, ignoring accents', async () => {
    const customer = await createUser(db());
    const ñandú = await createProduct(db(), { name: 'Ñandú Kush Auto', blisters: [{ stock: 5 }] });
    const other = await createProduct(db(), { name: 'Gorilla Zkittlez', blisters: [{ stock: 5 }] });
    const line = (p: typeof ñandú) => ({ product_id: p.id, blister_id: p.blisters[0].id, quantity: 1 });
    const both = await placeOrder(server, customer, [line(other), line(ñandú)]);
    const onlyOther = await placeOrder(server, customer, [line(other)]);
    expect(await search('nandu kush')).toEqual([both.id]);
    expect(await search('ÑANDÚ')).toEqual([both.id]);
    expect(await search('zkittlez')).toEqual([onlyOther.id, both.id]);
  });

  it('finds an order by its number, with or without #', async () => {
    const { order } = await simpleOrder(server);
    expect(await search(String(order.order_number))).toContain(order.id);
    expect(await search(`#${order.order_number}`)).toContain(order.id);
    expect(await search('%_')).toEqual([]);
  });

  it('lists the order with that exact number first, and only it when typed with #', async () => {
    const { order } = await simpleOrder(server);
    const number = order.order_number;
    // Newer orders that also contain the digits, in the recipient's name and the phone.
    const named = await simpleOrder(server, { recipient_name: `Local ${number}0` });
    const phoned = await simpleOrder(server, { customer_phone: `11${String(number).padStart(8, '4')}` });
    const plain = await search(String(number));
    expect(plain[0]).toBe(order.id);
    expect(plain).toEqual(expect.arrayContaining([named.order.id, phoned.order.id]));
    expect(await search(`#${number}`)).toEqual([order.id]);
    expect(await search(` # ${number} `)).toEqual([order.id]);
  });

  it('finds a product name typed with a typo, as the catalog search does', async () => {
    const gorilla = await createProduct(db(), { name: 'Gorilla Glue Automática', blisters: [{ stock: 5 }] });
    const order = await placeOrder(server, await createUser(db()), [
      { product_id: gorilla.id, blister_id: gorilla.blisters[0].id, quantity: 1 },
    ]);
    const catalog = await api(server, 'GET', '/api/products/?search=gorila', { token: staff.token });
    expect(catalog.json.results.map((p: { id: number }) => p.id)).toContain(gorilla.id);
    expect(await search('gorila')).toContain(order.id);
    expect(await search('gorila glue')).toEqual([order.id]);
    expect(await search('glue gorila automatica')).toEqual([order.id]);
    expect(await search('xqzwv')).toEqual([]);
  });

  it('counts the tabs over the searched orders only', async () => {
    const { order } = await simpleOrder(server, { recipient_name: 'Zacarías Único' });
    const res = await list('search=zacarias');
    expect(res.json).toMatchObject({ count: 1, status_counts: { pending: 1, completed: 0, cancelled: 0, total: 1 } });
    expect(ids(res)).toEqual([order.id]);
  });
});

describe('ordering, stage and ids', () => {
  it('sorts newest first by default, oldest first for fulfilment, and by total both ways', async () => {
    const customer = await createUser(db());
    const made: number[] = [];
    try {
      for (const [i, price] of [3000, 1000, 2000].entries()) {
        server.setNow(new Date(Date.UTC(2031, 0, 10 + i, 15)));
        made.push((await simpleOrder(server, { customer, price, quantity: 1 })).order.id);
      }
    } finally {
      server.setNow(null);
    }
    const [first, second, third] = made;
    const sorted = async (ordering?: string) => ids(await list(`ids=${made.join(',')}${ordering ? `&ordering=${ordering}` : ''}`));
    expect(await sorted()).toEqual([third, second, first]);
    expect(await sorted('-created_at')).toEqual([third, second, first]);
    expect(await sorted('created_at')).toEqual([first, second, third]);
    expect(await sorted('total')).toEqual([second, third, first]);
    expect(await sorted('-total')).toEqual([first, third, second]);
    const bad = await list('ordering=precio');
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe('Orden inválido');
  });

  it('filters pending orders by stage: awaiting payment, paid and not shipped, shipped', async () => {
    const customer = await createUser(db());
    const waiting = (await simpleOrder(server, { customer })).order;
    const paid = (await simpleOrder(server, { customer })).order;
    const shipped = (await simpleOrder(server, { customer })).order;
    const completed = (await simpleOrder(server, { customer })).order;
    const post = (path: string, body: unknown) => api(server, 'POST', path, { token: staff.token, body });
    expect((await post(`/api/orders/${paid.id}/payment/`, { method: 'efectivo' })).status).toBe(200);
    expect((await post(`/api/orders/${shipped.id}/shipment/`, { carrier: 'moto' })).status).toBe(200);
    expect((await post(`/api/orders/${completed.id}/payment/`, { method: 'efectivo' })).status).toBe(200);
    expect((await api(server, 'PUT', `/api/orders/${completed.id}/`, { token: staff.token, body: { status: 'completed' } })).status).toBe(
      200,
    );
    const scope = `ids=${[waiting, paid, shipped, completed].map((o) => o.id).join(',')}`;
    expect(ids(await list(`${scope}&stage=awaiting_payment`))).toEqual([waiting.id]);
    expect(ids(await list(`${scope}&stage=paid`))).toEqual([paid.id]);
    const inTransit = await list(`${scope}&stage=shipped`);
    expect(ids(inTransit)).toEqual([shipped.id]);
    // The tabs and the stage buttons count the list without the stage, so they add up.
    expect(inTransit.json.status_counts).toEqual({
      pending: 3,
      completed: 1,
      cancelled: 0,
      total: 4,
      stages: { awaiting_payment: 1, paid: 1, shipped: 1 },
      needs_shop: 2,
      refunds_owed: 0,
    });
    expect(ids(await list(scope))).toHaveLength(4);
    expect((await list('stage=entregado')).json.error).toBe('Etapa inválida');
  });

  it('lists only the given ids, and refuses a malformed list', async () => {
    const { order } = await simpleOrder(server);
    const other = await simpleOrder(server);
    expect(ids(await list(`ids=${order.id},${other.order.id}`)).sort()).toEqual([order.id, other.order.id].sort());
    expect(ids(await list(`ids=${order.id}`))).toEqual([order.id]);
    for (const bad of ['1,,2', 'a', '1;2', Array.from({ length: 101 }, (_, i) => i + 1).join(',')]) {
      const res = await list(`ids=${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(400);
      expect(res.json.error).toBe('Lista de pedidos inválida');
    }
  });
});
