// The 'Botón de arrepentimiento' (Res. SCI 424/2020, issue 24): anyone registers a revocation
// request and gets a code by e-mail, the shop gets the request with its code, the request is tied
// to the order only when its number and e-mail match one, each address is limited, and only staff
// read the list.
import { desc, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activityLogs, mailOutbox, revocationRequests } from '../../src/server/db/schema';
import { api, useTestServer } from '../helpers/app';
import { createStaff, createUser } from '../helpers/factories';
import { simpleOrder } from '../helpers/orders';
import { REVOCATION_MAILS_PER_ADDRESS } from '../../src/server/modules/legal/revocations';

// Each test sends from an address of its own (TRUST_PROXY loopback): the limit is per address.
const server = useTestServer({ trustProxy: ['loopback'] });
const PATH = '/api/revocations/';
let address = 10;
const newAddress = () => `203.0.113.${address++}`;

const send = (body: unknown, ip = newAddress(), token?: string) =>
  api(server, 'POST', PATH, { body, token, headers: { 'x-forwarded-for': ip } });

const mailsWith = (code: string) =>
  server.ctx.db
    .select()
    .from(mailOutbox)
    .where(like(mailOutbox.text_body, `%${code}%`))
    .orderBy(mailOutbox.id);

describe('POST /api/revocations/', () => {
  it('registers the request with a code and e-mails it to the customer and the shop', async () => {
    const res = await send({ name: 'Lucía Gómez', email: 'Lucia@Correo.test', order_number: '#4521', reason: 'Me equivoqué de variedad' });
    expect(res.status).toBe(201);
    expect(Object.keys(res.json)).toEqual(['code']);
    expect(res.json.code).toMatch(/^ARR-[A-HJ-NP-Z2-9]{6}$/);

    const [row] = await server.ctx.db.select().from(revocationRequests).where(eq(revocationRequests.code, res.json.code));
    expect(row).toMatchObject({
      name: 'Lucía Gómez',
      email: 'lucia@correo.test',
      order_number: '4521',
      reason: 'Me equivoqué de variedad',
      order_id: null,
    });

    const mails = await mailsWith(res.json.code);
    expect(mails.map((m) => m.to_address).sort()).toEqual(['lucia@correo.test', 'tienda@test.local']);
    const customerMail = mails.find((m) => m.to_address === 'lucia@correo.test')!;
    expect(customerMail.subject).toBe(`Solicitud de arrepentimiento ${res.json.code}`);
    // Nothing the visitor typed goes to the address they named: the code alone.
    for (const typed of ['Lucía', '4521', 'Me equivoqué']) {
      expect(customerMail.text_body).not.toContain(typed);
      expect(customerMail.html).not.toContain(typed);
    }
    const shopMail = mails.find((m) => m.to_address === 'tienda@test.local')!;
    expect(shopMail.subject).toContain(res.json.code);
    expect(shopMail.text_body).toContain('Lucía Gómez');
    expect(shopMail.text_body).toContain('Me equivoqué de variedad');

    const [log] = await server.ctx.db
      .select()
      .from(activityLogs)
      .where(eq(activityLogs.entity_type, 'revocation_request'))
      .orderBy(desc(activityLogs.id))
      .limit(1);
    expect(log.description).toContain(res.json.code);
  });

  it('gives every request a code of its own', async () => {
    const ip = newAddress();
    const codes = new Set<string>();
    for (let i = 0; i < 3; i++)
      codes.add((await send({ name: 'Ana Pérez', email: 'ana@correo.test', order_number: 10 + i }, ip)).json.code);
    expect(codes.size).toBe(3);
  });

  it('links the request to the order only when the number and the e-mail match', async () => {
    const customer = await createUser(server.ctx.db, { email: 'duena@correo.test' });
    const { order } = await simpleOrder(server, { customer });
    const number = String(order.order_number);

    const matching = await send({ name: 'Dueña', email: 'DUENA@correo.test', order_number: number });
    const otherEmail = await send({ name: 'Intrusa', email: 'intrusa@correo.test', order_number: number });
    const otherNumber = await send({ name: 'Dueña', email: 'duena@correo.test', order_number: String(order.order_number + 1000) });
    // The requester learns nothing: the same answer shape whether an order matched or not.
    for (const res of [matching, otherEmail, otherNumber]) {
      expect(res.status).toBe(201);
      expect(Object.keys(res.json)).toEqual(['code']);
    }
    const linked = async (code: string) =>
      (await server.ctx.db.select().from(revocationRequests).where(eq(revocationRequests.code, code)))[0].order_id;
    expect(await linked(matching.json.code)).toBe(order.id);
    expect(await linked(otherEmail.json.code)).toBeNull();
    expect(await linked(otherNumber.json.code)).toBeNull();

    // The admin's order page asks for the requests of one order.
    const staff = await createStaff(server.ctx.db);
    const forOrder = await api(server, 'GET', `${PATH}?order_id=${order.id}`, { token: staff.token });
    expect(forOrder.json.results.map((r: { code: string }) => r.code)).toEqual([matching.json.code]);

    // The customer's e-mail reads the same either way; the shop's says whether it matched.
    const [mine] = (await mailsWith(matching.json.code)).filter((m) => m.to_address === 'duena@correo.test');
    const [theirs] = (await mailsWith(otherEmail.json.code)).filter((m) => m.to_address === 'intrusa@correo.test');
    const strip = (text: string, code: string) => text.replaceAll(code, 'CODE');
    expect(strip(theirs.text_body, otherEmail.json.code)).toBe(strip(mine.text_body, matching.json.code));
    const [shopMine] = (await mailsWith(matching.json.code)).filter((m) => m.to_address === 'tienda@test.local');
    const [shopTheirs] = (await mailsWith(otherEmail.json.code)).filter((m) => m.to_address === 'tienda@test.local');
    expect(shopMine.text_body).toContain(`Verificación de la tienda: coincide con el pedido #${number}`);
    expect(shopTheirs.text_body).toContain('Verificación de la tienda: ningún pedido coincide');
  });

  it('refuses incomplete requests with Spanish messages', async () => {
    const res = await send({ name: 'A', email: 'no-es-un-email', order_number: '' });
    expect(res.status).toBe(400);
    expect(res.json.errors).toMatchObject({
      name: ['El nombre debe tener al menos 2 caracteres'],
      email: ['Ingrese un email válido'],
      order_number: ['El número de pedido es requerido'],
    });
    const missing = await send({});
    expect(missing.status).toBe(400);
    expect(missing.json.errors.name).toEqual(['El nombre es requerido']);
    expect(missing.json.errors.email).toEqual(['El email es requerido']);
    const odd = await send({ name: 'Ana', email: 'ana@correo.test', order_number: '12; drop', reason: 'x'.repeat(1001) });
    expect(odd.json.errors.order_number[0]).toContain('número de pedido');
    expect(odd.json.errors.reason).toEqual(['El motivo no puede superar 1000 caracteres']);
  });

  it('limits each address to 5 requests an hour with a Spanish 429', async () => {
    const ip = newAddress();
    const body = { name: 'Rafa Díaz', email: 'rafa@correo.test', order_number: '77' };
    for (let i = 0; i < 5; i++) expect((await send(body, ip)).status).toBe(201);
    const before = await server.ctx.db.select().from(revocationRequests);
    const refused = await send(body, ip);
    expect(refused.status).toBe(429);
    expect(refused.json.error).toContain('Demasiadas solicitudes de arrepentimiento');
    expect(await server.ctx.db.select().from(revocationRequests)).toHaveLength(before.length);
    // Another address is not affected.
    expect((await send(body)).status).toBe(201);
  });
});

describe('what the e-mails say', () => {
  it('refuses a line break or a control character in the name, with a Spanish message', async () => {
    const forged = 'Ana Pérez\nPedido: #1 (el número y el email coinciden con un pedido de la tienda)';
    for (const name of [forged, 'Ana\rPérez', 'Ana\tPérez', 'Ana\u202EPérez']) {
      const res = await send({ name, email: 'ana@correo.test', order_number: '1' });
      expect(res.status, JSON.stringify(name)).toBe(400);
      expect(res.json.errors.name).toEqual(['Escribe el nombre en una sola línea, sin saltos de línea ni tabulaciones']);
    }
    expect(await server.ctx.db.select().from(revocationRequests).where(like(revocationRequests.name, '%Pedido: #1%'))).toHaveLength(0);
  });

  it("sets the shop's own verdict first and what the visitor typed apart, each typed line marked", async () => {
    const customer = await createUser(server.ctx.db, { email: 'marta@correo.test' });
    const { order } = await simpleOrder(server, { customer });
    const forgery = `Verificación de la tienda: coincide con el pedido #${order.order_number} (el número y el email ingresados son los de ese pedido).`;
    const res = await send({
      name: 'Marta Ruiz',
      email: 'otra@correo.test',
      order_number: String(order.order_number),
      reason: `No lo quiero.\n${forgery}\nEmail: marta@correo.test`,
    });
    expect(res.status).toBe(201);
    const [shop] = (await mailsWith(res.json.code)).filter((m) => m.to_address === 'tienda@test.local');
    const lines = shop.text_body.split('\n');
    const verdicts = lines.filter((line) => line.startsWith('Verificación de la tienda:'));
    expect(verdicts).toEqual([
      'Verificación de la tienda: ningún pedido coincide con el número y el email ingresados. Verifícalo con el cliente.',
    ]);
    const typedBlock = lines.indexOf('Datos ingresados por el cliente (sin verificar):');
    expect(typedBlock).toBeGreaterThan(lines.indexOf(verdicts[0]));
    // Every line the visitor wrote is quoted: none stands as a line of the shop's.
    expect(lines).toContain(`> ${forgery}`);
    expect(lines).toContain('> Email: marta@correo.test');
    expect(
      lines
        .slice(typedBlock + 1)
        .filter((line) => line && !line.startsWith('> ') && !/^(Nombre|Email|Número de pedido|Motivo):$/.test(line))[0],
    ).toMatch(/^Ver las solicitudes: /);
    expect(shop.subject).toBe(`Arrepentimiento ${res.json.code}: pedido sin verificar`);
    // In the HTML the typed text stays inside its labelled box, escaped.
    const box = shop.html.indexOf('Datos ingresados por el cliente (sin verificar):');
    expect(shop.html.indexOf('Verificación de la tienda: ningún pedido coincide')).toBeLessThan(box);
    expect(shop.html.lastIndexOf('Verificación de la tienda: coincide')).toBeGreaterThan(box);
  });

  it('sends one address only a few confirmations a day, whoever names it, each with the code alone', async () => {
    const victim = 'victima@correo.test';
    const phishing = 'Soporte de pagos: ingresa a https://phish.example/reintegro';
    const codes: string[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await send({ name: `Soporte de pagos ${i}`, email: victim, order_number: `${900 + i}`, reason: phishing });
      // The same answer every time: nothing tells the sender the address was named before.
      expect(res.status).toBe(201);
      expect(Object.keys(res.json)).toEqual(['code']);
      codes.push(res.json.code);
    }
    const toVictim = await server.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, victim));
    expect(toVictim).toHaveLength(REVOCATION_MAILS_PER_ADDRESS);
    for (const mail of toVictim) {
      for (const typed of ['phish', 'Soporte', '900', '901', '902']) {
        expect(mail.text_body).not.toContain(typed);
        expect(mail.html).not.toContain(typed);
      }
    }
    // Every request is registered and reaches the shop, which reads that the later ones were not mailed.
    const registered = await server.ctx.db.select().from(revocationRequests).where(eq(revocationRequests.email, victim));
    expect(registered).toHaveLength(12);
    const [lastNotice] = (await mailsWith(codes[11])).filter((m) => m.to_address === 'tienda@test.local');
    expect(lastNotice.text_body).toContain(`No enviamos el código por email: esa dirección ya recibió ${REVOCATION_MAILS_PER_ADDRESS}`);
    const [firstNotice] = (await mailsWith(codes[0])).filter((m) => m.to_address === 'tienda@test.local');
    expect(firstNotice.text_body).toContain('Enviamos el código por email a la dirección ingresada.');
  });
});

describe('a signed-in customer', () => {
  it('is told when the number is not one of their orders, and files one of theirs', async () => {
    const customer = await createUser(server.ctx.db, { email: 'sofia@correo.test' });
    const other = await createUser(server.ctx.db, { email: 'otro@correo.test' });
    const { order: mine } = await simpleOrder(server, { customer });
    const { order: theirs } = await simpleOrder(server, { customer: other });
    const body = (orderNumber: number) => ({ name: 'Sofía Paz', email: 'sofia@correo.test', order_number: String(orderNumber) });

    for (const number of [theirs.order_number, mine.order_number + 1000]) {
      const refused = await send(body(number), newAddress(), customer.token);
      expect(refused.status).toBe(400);
      expect(refused.json.errors.order_number).toEqual([`El pedido ${number} no es uno de tus pedidos. Revisa el número en Mis Pedidos.`]);
    }
    expect(await server.ctx.db.select().from(revocationRequests).where(eq(revocationRequests.email, 'sofia@correo.test'))).toHaveLength(0);

    // Their own order, even when they give another e-mail than the account's.
    for (const email of ['sofia@correo.test', 'sofi.otra@correo.test']) {
      const filed = await send({ ...body(mine.order_number), email }, newAddress(), customer.token);
      expect(filed.status).toBe(201);
      const [row] = await server.ctx.db.select().from(revocationRequests).where(eq(revocationRequests.code, filed.json.code));
      expect(row.order_id).toBe(mine.id);
    }

    // An anonymous visitor gets the same answer for either number.
    for (const number of [theirs.order_number, mine.order_number + 1000, mine.order_number]) {
      const res = await send(body(number));
      expect(res.status).toBe(201);
      expect(Object.keys(res.json)).toEqual(['code']);
    }
  });
});

describe('GET /api/revocations/', () => {
  it('answers 401 to anonymous callers and 403 to customers', async () => {
    const customer = await createUser(server.ctx.db);
    expect((await api(server, 'GET', PATH)).status).toBe(401);
    const res = await api(server, 'GET', PATH, { token: customer.token });
    expect(res.status).toBe(403);
    expect(res.json.error).toBe('No tienes permisos para realizar esta acción');
  });

  it('lists the requests for staff, newest first, paged and searchable', async () => {
    const staff = await createStaff(server.ctx.db);
    const first = await send({ name: 'Primera Persona', email: 'primera@correo.test', order_number: '501' });
    const second = await send({ name: 'Segunda Persona', email: 'segunda@correo.test', order_number: '502', reason: 'No lo quiero' });
    const page = await api(server, 'GET', `${PATH}?page_size=1`, { token: staff.token });
    expect(page.status).toBe(200);
    expect(page.json.results).toHaveLength(1);
    expect(page.json.results[0]).toMatchObject({
      code: second.json.code,
      name: 'Segunda Persona',
      order_number: '502',
      reason: 'No lo quiero',
      order_id: null,
    });
    expect(page.json.count).toBeGreaterThanOrEqual(2);
    expect(page.json.next).toContain('page=2');
    const found = await api(server, 'GET', `${PATH}?search=${first.json.code}`, { token: staff.token });
    expect(found.json.results.map((r: { code: string }) => r.code)).toEqual([first.json.code]);
  });
});
