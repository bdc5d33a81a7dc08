// 'Primeros pasos' on 'Inicio' (GET /api/dashboard/setup/): each step is ticked as soon as the
// owner saves its setting, read afresh on every call; WHATSAPP_NUMBER and SHOP_EMAIL count as a
// contact channel, as the storefront shows them.
import { beforeAll, describe, expect, it } from 'vitest';
import { SETUP_STEPS, type SetupChecklist, type SetupStep } from '../../src/domain/dashboard';
import { LEGAL_SLUGS } from '../../src/domain/legal';
import { api, startTestServer, useTestServer } from '../helpers/app';
import { createStaff, createUser } from '../helpers/factories';
import { saveShippingMethods, shippingMethod } from '../helpers/shipping';

const PATH = '/api/dashboard/setup/';
// No contact channel from the environment: the shop starts with every step to do.
const server = useTestServer({ whatsappNumber: undefined, contactEmail: undefined });
const db = () => server.ctx.db;
let owner: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  owner = await createStaff(db(), { username: 'duena', is_superuser: true });
});

async function checklist(): Promise<SetupChecklist> {
  const res = await api(server, 'GET', PATH, { token: owner.token });
  expect(res.status).toBe(200);
  return res.json as SetupChecklist;
}

const doneSteps = async () => (await checklist()).items.filter((item) => item.done).map((item) => item.key);
const put = async (path: string, body: unknown) => expect((await api(server, 'PUT', path, { token: owner.token, body })).status).toBe(200);

describe('GET /api/dashboard/setup/', () => {
  it('answers 401 to anonymous callers and 403 to customers', async () => {
    const customer = await createUser(db());
    expect((await api(server, 'GET', PATH)).status).toBe(401);
    expect((await api(server, 'GET', PATH, { token: customer.token })).status).toBe(403);
  });

  it('lists the five steps in Spanish, each with the page that completes it, none done on a new shop', async () => {
    expect(await checklist()).toEqual({
      done: false,
      items: [
        { key: 'payment', label: 'Carga los datos de pago', done: false, href: '/admin/configuracion#datos-de-pago' },
        { key: 'contact', label: 'Agrega un canal de contacto', done: false, href: '/admin/configuracion#contacto' },
        { key: 'shipping', label: 'Configura los envíos', done: false, href: '/admin/configuracion/envios' },
        { key: 'legal_pages', label: 'Revisa las páginas legales', done: false, href: '/admin/configuracion#paginas-legales' },
        { key: 'second_staff', label: 'Suma una segunda cuenta de staff', done: false, href: '/admin/usuarios' },
      ],
    });
  });

  it('ticks each step as its setting is saved, and is done once all five are', async () => {
    const expectDone = async (...steps: SetupStep[]) => expect(await doneSteps()).toEqual(steps);

    // Only the holder and the bank are not payment data a customer can use.
    await put('/api/core/payment-settings/', { bank_holder: 'Semillas del Sur SRL', bank_name: 'Banco Macro' });
    await expectDone();
    await put('/api/core/payment-settings/', { alias: 'semillas.del.sur' });
    await expectDone('payment');

    await put('/api/core/contact-settings/', { instagram: 'semillasdelsur' });
    await expectDone('payment', 'contact');

    // An inactive method does not ship anything.
    await saveShippingMethods(server, owner.token, [shippingMethod({ active: false })]);
    await expectDone('payment', 'contact');
    await saveShippingMethods(server, owner.token, [shippingMethod()]);
    await expectDone('payment', 'contact', 'shipping');

    // Every legal page has to be saved once.
    for (const slug of LEGAL_SLUGS.slice(0, -1)) await put(`/api/pages/${slug}/`, { title: 'Revisada', body: 'Texto revisado.' });
    await expectDone('payment', 'contact', 'shipping');
    await put(`/api/pages/${LEGAL_SLUGS.at(-1)}/`, { title: 'Revisada', body: 'Texto revisado.' });
    await expectDone('payment', 'contact', 'shipping', 'legal_pages');

    // Customers and a deactivated staff account are not a second pair of hands.
    await createUser(db());
    await createStaff(db(), { is_active: false });
    expect((await checklist()).done).toBe(false);
    await createStaff(db());
    await expectDone(...SETUP_STEPS);
    expect((await checklist()).done).toBe(true);
  });
});

describe('contact channels from the environment', () => {
  it('counts WHATSAPP_NUMBER or SHOP_EMAIL as a contact channel, as the storefront shows them', async () => {
    for (const config of [
      { whatsappNumber: '5491100000000', contactEmail: undefined },
      { whatsappNumber: undefined, contactEmail: 'tienda@test.local' },
    ]) {
      const other = await startTestServer(config);
      try {
        const staff = await createStaff(other.ctx.db);
        const res = await api(other, 'GET', PATH, { token: staff.token });
        expect(res.json.items.find((item: { key: string }) => item.key === 'contact').done).toBe(true);
      } finally {
        await other.close();
      }
    }
  });
});
