// The staff list as a CSV (issue 13): the list's filters, every page, one row per order or per
// line, in the form Excel in Spanish opens as it is.
import { beforeAll, describe, expect, it } from 'vitest';
import { api, useTestServer } from '../helpers/app';
import { createBrand, createProduct, createStaff, createUser } from '../helpers/factories';
import { placeOrder, simpleOrder } from '../helpers/orders';
import { saveShippingMethods, shippingMethod } from '../helpers/shipping';

const server = useTestServer({ maxPendingOrders: 1000 });
let staff: Awaited<ReturnType<typeof createStaff>>;
const db = () => server.ctx.db;

beforeAll(async () => {
  staff = await createStaff(db());
});

/** The raw bytes too: fetch's text() would drop the BOM. */
async function download(query: string, token = staff.token) {
  const res = await fetch(`${server.url}/api/orders/export.csv?${query}`, { headers: { authorization: `Bearer ${token}` } });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { res, bytes, text: bytes.toString('utf8') };
}

/** Cells of a CSV with ';', quotes and CRLF, as a spreadsheet reads it. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ';') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

const byHeader = (rows: string[][]) => rows.slice(1).map((r) => Object.fromEntries(rows[0].map((h, i) => [h, r[i]])));

describe('GET /api/orders/export.csv', () => {
  it('is for staff only', async () => {
    const customer = await createUser(db());
    expect((await fetch(`${server.url}/api/orders/export.csv`)).status).toBe(401);
    expect((await download('', customer.token)).res.status).toBe(403);
  });

  it('is UTF-8 with a BOM, ; separators and CRLF lines, as an attachment named by the shop date', async () => {
    await simpleOrder(server, { recipient_name: 'Formato Prueba' });
    server.setNow(new Date('2031-05-04T02:00:00Z')); // 3 May, 23:00 in Buenos Aires
    try {
      const { res, bytes, text } = await download('search=formato');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="pedidos-2031-05-03.csv"');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(
        text
          .slice(1)
          .startsWith(
            'Pedido;Fecha;Estado;Cliente;Usuario;Email;Teléfono;Entrega;Dirección;Calle;Número;Ciudad;Provincia;Código postal;Envío;Costo de envío;Subtotal productos;Productos;Unidades;Cupón;Descuento del cupón;Total;',
          ),
      ).toBe(true);
      expect(text.endsWith('\r\n')).toBe(true);
      expect(text.replace(/\r\n/g, '')).not.toMatch(/\n/);
    } finally {
      server.setNow(null);
    }
  });

  it('writes one row per order with dates on the shop clock, decimal commas, payment and shipment', async () => {
    const customer = await createUser(db(), { username: 'exportada' });
    const product = await createProduct(db(), { name: 'Gelato; "Especial"', blisters: [{ price: 1250.5, stock: 9, seed_count: 5 }] });
    server.setNow(new Date('2026-02-01T13:07:00Z'));
    let order;
    try {
      order = await placeOrder(server, customer, [{ product_id: product.id, blister_id: product.blisters[0].id, quantity: 2 }], {
        recipient_name: '=HYPERLINK("http://malo")',
        delivery_type: 'address',
        shipping_address: 'Calle 1\nPiso 2',
      });
    } finally {
      server.setNow(null);
    }
    const post = (path: string, body: unknown) => api(server, 'POST', path, { token: staff.token, body });
    expect((await post(`/api/orders/${order.id}/payment/`, { method: 'efectivo', amount: 2501, note: '+ propina' })).status).toBe(200);
    expect((await post(`/api/orders/${order.id}/shipment/`, { carrier: 'oca', tracking_code: 'OC-1' })).status).toBe(200);

    const { text } = await download(`ids=${order.id}`);
    const rows = parseCsv(text.slice(1));
    expect(rows).toHaveLength(2);
    const [row] = byHeader(rows);
    expect(row).toMatchObject({
      Pedido: String(order.order_number),
      Fecha: '01/02/2026 10:07',
      Estado: 'Enviado',
      Cliente: `'=HYPERLINK("http://malo")`,
      Usuario: 'exportada',
      Teléfono: '1122334455',
      Entrega: 'Envío a domicilio',
      Dirección: 'Calle 1\nPiso 2',
      Calle: '',
      Provincia: '',
      Envío: '',
      'Costo de envío': '',
      'Subtotal productos': '2501,00',
      Productos: 'Gelato; "Especial" (5 semillas) x 2',
      Unidades: '2',
      Total: '2501,00',
      'Medio de pago': 'Efectivo',
      'Monto pagado': '2501,00',
      'Nota del pago': "'+ propina",
      Transporte: 'OCA',
      'Código de seguimiento': 'OC-1',
    });
    expect(row['Pagado el']).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    // The raw text quotes what holds a separator, a quote or a line break.
    expect(text).toContain('"\'=HYPERLINK(""http://malo"")"');
    expect(text).toContain('"Calle 1\nPiso 2"');
  });

  it('writes the address in its own columns, the shipping method, its cost and the products subtotal apart from the total', async () => {
    const [method] = await saveShippingMethods(server, staff.token, [
      shippingMethod({ name: 'Andreani a domicilio', carrier: 'andreani', zones: [{ provinces: ['AR-X'], price: 4500.5 }] }),
    ]);
    const { order } = await simpleOrder(server, {
      price: 1000,
      quantity: 3,
      delivery_type: 'address',
      shipping_method_id: method.id,
      address: { street: 'Bv. San Juan', number: '0450', zip_code: '5000', city: 'Córdoba', province: 'AR-X', details: 'Depto 3B' },
    });
    const [row] = byHeader(parseCsv((await download(`ids=${order.id}`)).text.slice(1)));
    expect(row).toMatchObject({
      Dirección: 'Bv. San Juan 0450, Depto 3B, Córdoba (5000), Córdoba',
      Calle: 'Bv. San Juan',
      Número: '0450',
      Ciudad: 'Córdoba',
      Provincia: 'Córdoba',
      'Código postal': '\t5000',
      Envío: 'Andreani a domicilio',
      'Costo de envío': '4500,50',
      'Subtotal productos': '3000,00',
      Total: '7500,50',
    });
  });

  it('writes tracking codes that start with a digit as text Excel keeps whole, after a tab, never as a formula', async () => {
    const post = (path: string, body: unknown) => api(server, 'POST', path, { token: staff.token, body });
    const codes = ['360002123456789', '3600021234567890', '0012345', '12E4', 'CA123456789AR'];
    const ids: number[] = [];
    for (const tracking_code of codes) {
      const { order } = await simpleOrder(server);
      expect((await post(`/api/orders/${order.id}/shipment/`, { carrier: 'correo_argentino', tracking_code })).status).toBe(200);
      ids.push(order.id);
    }
    const { text } = await download(`ids=${ids.join(',')}&ordering=created_at`);
    const written = byHeader(parseCsv(text.slice(1))).map((row) => row['Código de seguimiento']);
    // Excel opens a bare 360002123456789 as 3,6E+14, 0012345 as 12345 and 12E4 as 120000.
    expect(written).toEqual(['\t360002123456789', '\t3600021234567890', '\t0012345', '\t12E4', 'CA123456789AR']);
    expect(text).not.toMatch(/[;\n]["']?[=+@-]/);
  });

  it("writes each order's stage in Estado, in order and line rows: paid, shipped and delivered orders never read Pendiente", async () => {
    const placed = await Promise.all([1, 2, 3, 4, 5].map(() => simpleOrder(server, { recipient_name: 'Etapas Exportadas' })));
    const [awaiting, paid, shipped, delivered, cancelled] = placed.map((p) => p.order);
    const post = (path: string, body: unknown) => api(server, 'POST', path, { token: staff.token, body });
    for (const order of [paid, shipped, delivered])
      expect((await post(`/api/orders/${order.id}/payment/`, { method: 'efectivo' })).status).toBe(200);
    for (const order of [shipped, delivered])
      expect((await post(`/api/orders/${order.id}/shipment/`, { carrier: 'oca' })).status).toBe(200);
    const put = (order: { id: number }, status: string) =>
      api(server, 'PUT', `/api/orders/${order.id}/`, { token: staff.token, body: { status } });
    expect((await put(delivered, 'completed')).status).toBe(200);
    expect((await put(cancelled, 'cancelled')).status).toBe(200);
    const expected = {
      [awaiting.order_number]: 'Esperando pago',
      [paid.order_number]: 'Pagado, por enviar',
      [shipped.order_number]: 'Enviado',
      [delivered.order_number]: 'Entregado',
      [cancelled.order_number]: 'Cancelado',
    };
    const ids = placed.map((p) => p.order.id).join(',');
    for (const rows of ['orders', 'lines']) {
      const cells = byHeader(parseCsv((await download(`ids=${ids}&status=all&rows=${rows}`)).text.slice(1)));
      expect(Object.fromEntries(cells.map((row) => [row.Pedido, row.Estado]))).toEqual(expected);
    }
  });

  it('writes one row per line with rows=lines', async () => {
    const customer = await createUser(db());
    const brand = await createBrand(db(), { brand_name: 'Banco Exportador' });
    const a = await createProduct(db(), { name: 'Linea Uno', brand_id: brand.id, blisters: [{ price: 100, stock: 9, seed_count: 3 }] });
    const b = await createProduct(db(), { name: 'Linea Dos', brand_id: brand.id, blisters: [{ price: 200.25, stock: 9, seed_count: 5 }] });
    const order = await placeOrder(server, customer, [
      { product_id: a.id, blister_id: a.blisters[0].id, quantity: 1 },
      { product_id: b.id, blister_id: b.blisters[0].id, quantity: 4 },
    ]);
    const rows = byHeader(parseCsv((await download(`ids=${order.id}&rows=lines`)).text.slice(1)));
    expect(rows).toEqual([
      expect.objectContaining({
        Pedido: String(order.order_number),
        Producto: 'Linea Uno',
        Banco: 'Banco Exportador',
        Semillas: '3',
        Cantidad: '1',
        'Precio unitario': '100,00',
        Subtotal: '100,00',
        'Total del pedido': '901,00',
      }),
      expect.objectContaining({ Producto: 'Linea Dos', Semillas: '5', Cantidad: '4', 'Precio unitario': '200,25', Subtotal: '801,00' }),
    ]);
    expect((await download('rows=celdas')).res.status).toBe(400);
  });

  it('applies the list filters to every page, in the list order', async () => {
    const customer = await createUser(db());
    const made: number[] = [];
    for (let i = 0; i < 17; i++)
      made.push((await simpleOrder(server, { customer, recipient_name: 'Lote Exportado', quantity: 1 })).order.order_number);
    await api(server, 'PUT', `/api/orders/${(await simpleOrder(server, { customer, recipient_name: 'Lote Exportado' })).order.id}/`, {
      token: staff.token,
      body: { status: 'cancelled' },
    });
    const numbers = async (query: string) => byHeader(parseCsv((await download(query)).text.slice(1))).map((r) => Number(r.Pedido));
    expect(await numbers('search=lote%20exportado&status=pending')).toEqual([...made].reverse());
    expect(await numbers('search=lote%20exportado&status=pending&ordering=created_at&page_size=5')).toEqual(made);
    expect(await numbers('search=lote%20exportado')).toHaveLength(18);
    expect(await numbers('search=nadie-se-llama-asi')).toEqual([]);
    const refused = await download('date_filter=custom&start_date=2031-01-01');
    expect(refused.res.status).toBe(400);
    expect(JSON.parse(refused.text).error).toBe('Debes seleccionar fechas de inicio y fin');
  });

  it('refuses days outside the years 2000 to 2100 with 400', async () => {
    for (const range of ['start_date=0000-01-01&end_date=2032-01-01', 'start_date=2032-01-01&end_date=9999-12-31']) {
      const refused = await download(`date_filter=custom&${range}`);
      expect(refused.res.status, range).toBe(400);
      expect(JSON.parse(refused.text).error).toBe('La fecha debe estar entre los años 2000 y 2100');
    }
    expect((await download('date_filter=custom&start_date=2000-01-01&end_date=2100-12-31')).res.status).toBe(200);
  });
});
