// 'Primeros pasos' on 'Inicio': a new shop's owner sees what is missing before the first order,
// at phone and desktop widths, follows a step's link to its section of 'Configuración', and the
// card is gone once every step is done.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { LEGAL_PAGE_LABELS, LEGAL_SLUGS } from '../src/domain/legal';
import { api } from '../tests/helpers/app';
import { createStaff } from '../tests/helpers/factories';
import { saveShippingMethods, shippingMethod } from '../tests/helpers/shipping';
import { seriousViolations } from './helpers/axe';
import { DESKTOP, MOBILE, screenshot, step } from './helpers/browser';
import { expectNoOverflow } from './helpers/page-checks';
import { useShop } from './helpers/shop';

// WHATSAPP_NUMBER is set (the test configuration's): the contact step starts done.
const shop = useShop();
let owner: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  owner = await createStaff(shop.server.ctx.db, { username: 'duena', first_name: 'Marina' });
  await saveShippingMethods(shop.server, owner.token, [shippingMethod()]);
});

const card = (page: Page) => page.getByRole('region', { name: 'Primeros pasos' });

async function openInicio(page: Page) {
  await page.goto('/admin');
  await page.getByRole('heading', { name: 'Inicio', level: 1 }).waitFor();
}

describe('Primeros pasos', () => {
  for (const [name, viewport, link, section] of [
    ['mobile', MOBILE, 'Carga los datos de pago', 'datos-de-pago'],
    ['desktop', DESKTOP, 'Revisa las páginas legales', 'paginas-legales'],
  ] as const) {
    it(`shows the steps left at ${viewport.width} px and leads to the setting of one`, async () => {
      const { page } = await shop.newPage({ viewport, as: owner });

      await step(page, `setup-card-${name}`, async () => {
        await openInicio(page);
        await card(page).waitFor();
        await expect(card(page).getByText('2 de 5').textContent()).resolves.toBe('2 de 5');
        expect(await page.getByRole('progressbar', { name: 'Primeros pasos listos' }).getAttribute('aria-valuenow')).toBe('2');
        // Done steps are ticked, not links; the others link to their setting.
        expect(await card(page).getByRole('link').allTextContents()).toEqual([
          expect.stringContaining('Carga los datos de pago'),
          expect.stringContaining('Revisa las páginas legales'),
          expect.stringContaining('Suma una segunda cuenta de staff'),
        ]);
        await card(page).getByText('Configura los envíos').waitFor();
        // Above the figures.
        await page.getByRole('heading', { name: /Ventas de los últimos 7 días/ }).waitFor();
        const [cardBox, figuresBox] = await Promise.all([
          card(page).boundingBox(),
          page.getByRole('region', { name: /Ventas de los últimos 7 días/ }).boundingBox(),
        ]);
        expect(cardBox!.y).toBeLessThan(figuresBox!.y);
        expect(cardBox!.width).toBeLessThanOrEqual(viewport.width);
        await expectNoOverflow(page);
        expect(await seriousViolations(page)).toEqual([]);
        await screenshot(page, `setup-checklist-${name}`);
      });

      await step(page, `setup-link-${name}`, async () => {
        await card(page).getByRole('link', { name: link }).click();
        await page.waitForURL(new RegExp(`/admin/configuracion#${section}$`));
        await page.waitForFunction((id) => document.activeElement?.id === id, section);
        // The page scrolls smoothly to the section: near the top of the window once it stops.
        await page.evaluate(async () => {
          for (let y = -1; y !== window.scrollY;) {
            y = window.scrollY;
            await new Promise((resolve) => setTimeout(resolve, 250));
          }
        });
        const top = await page.locator(`#${section}`).evaluate((el) => el.getBoundingClientRect().top);
        expect(top).toBeGreaterThanOrEqual(0);
        expect(top).toBeLessThan(viewport.height / 3);
        await screenshot(page, `setup-checklist-${name}-link`);
      });
    });
  }

  it('ticks the legal pages once the owner confirms each base text as it is', async () => {
    const { page } = await shop.newPage({ viewport: DESKTOP, as: owner });
    await step(page, 'setup-legal-confirm', async () => {
      await page.goto('/admin/configuracion#paginas-legales');
      const section = page.locator('#paginas-legales');
      for (const slug of LEGAL_SLUGS) {
        await section.getByRole('tab', { name: LEGAL_PAGE_LABELS[slug] }).click();
        const form = section.getByRole('form', { name: `Editar ${LEGAL_PAGE_LABELS[slug]}` });
        const confirm = form.getByRole('button', { name: 'Confirmar texto base' });
        await confirm.waitFor();
        expect(await confirm.isEnabled()).toBe(true);
        if (slug !== LEGAL_SLUGS[2]) {
          // The first at 1280 px, the second at 390 px.
          if (slug === LEGAL_SLUGS[1]) await page.setViewportSize(MOBILE);
          await confirm.scrollIntoViewIfNeeded();
          await expectNoOverflow(page, slug);
          await screenshot(page, `setup-checklist-legal-confirm-${slug === LEGAL_SLUGS[0] ? 1280 : 390}`);
        }
        const saved = page.waitForResponse((res) => res.url().endsWith(`/api/pages/${slug}/`) && res.request().method() === 'PUT');
        await confirm.click();
        expect((await saved).status()).toBe(200);
        await form.getByText('Página guardada').waitFor();
        // Saved: the button is the usual one, waiting for a change.
        expect(await form.getByRole('button', { name: 'Guardar página' }).isDisabled()).toBe(true);
      }
      const setup = await api(shop.server, 'GET', '/api/dashboard/setup/', { token: owner.token });
      expect(setup.json.items.find((item: { key: string }) => item.key === 'legal_pages').done).toBe(true);
      // The base text was kept as it was.
      const terms = await api(shop.server, 'GET', '/api/pages/terminos/');
      expect(terms.json.body).toContain('mayores de 18 años');
    });
  });

  it('is gone once every step is done', async () => {
    const put = (path: string, body: unknown) => api(shop.server, 'PUT', path, { token: owner.token, body });
    expect((await put('/api/core/payment-settings/', { alias: 'semillas.del.sur' })).status).toBe(200);
    for (const slug of LEGAL_SLUGS)
      expect((await put(`/api/pages/${slug}/`, { title: 'Revisada', body: 'Texto revisado.' })).status).toBe(200);
    await createStaff(shop.server.ctx.db);

    const { page } = await shop.newPage({ viewport: DESKTOP, as: owner });
    await step(page, 'setup-all-done', async () => {
      const answered = page.waitForResponse((res) => res.url().endsWith('/api/dashboard/setup/'));
      await openInicio(page);
      expect((await (await answered).json()).done).toBe(true);
      await page.getByRole('heading', { name: /Ventas de los últimos 7 días/ }).waitFor();
      expect(await card(page).count()).toBe(0);
    });
  });
});
