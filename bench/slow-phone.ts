// The storefront on a slow phone, measured in Chromium rather than simulated: Slow 4G, the CPU
// slowed to a mid-tier phone's (bench/phone.ts: benchmark index / 1,000, measured before each
// round), 390 px, an empty cache. For the home, the catalog and a product: the first and the
// largest contentful paint (a visit without taps: the largest paint stops at the first input),
// and "interactive", from the navigation until a tap has its effect, tapping every 100 ms from
// the moment the control is on screen:
// - home, a visitor who passed the age gate, not signed in: the menu button opens the menu;
// - product, a signed-in customer: "Añadir al Carrito" puts the blister in the cart (the
//   header's count appears).
// Several builds can be measured in one session, alternated round by round, each served by its
// own built server on a database of its own with the demo catalog.
//
//   npx tsx bench/slow-phone.ts
//   BUILDS=before=/work/other-checkout,after=.   builds to alternate (default: this checkout)
//   PHONE_ROUNDS (3), PHONE_RUNS (1) runs per page and build in each round
//   PHONE_ONLY=paint|interactive   only those visits
//   TEST_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test) where the databases are made
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../e2e/helpers/browser';
import { SESSION_HINT_COOKIE, AGE_COOKIE } from '../src/domain/cookies';
import { hashPassword } from '../src/server/security/passwords';
import { TEST_PASSWORD } from '../tests/helpers/factories';
import { ROOT, startServerProcess, type ServerProcess } from '../tests/helpers/server-process';
import { calibrate, formatCalibration, SLOW_4G, type Calibration } from './phone';
import { createThrowawayDatabase } from './throwaway-database';

const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ROUNDS = Number(process.env.PHONE_ROUNDS ?? 3);
const RUNS = Number(process.env.PHONE_RUNS ?? 1);
const TAP_EVERY_MS = 100;

export const PHONE_TARGETS = { fcpMs: 1800, lcpMs: 2500, interactiveMs: 3500 } as const;

interface Build {
  name: string;
  dir: string;
}

interface Shop {
  build: Build;
  server: ServerProcess;
  productId: number;
  customer: { username: string };
  dropDatabase: () => Promise<void>;
}

export interface PhoneRun {
  build: string;
  round: number;
  page: 'home' | 'catalog' | 'product';
  kind: 'paint' | 'interactive';
  ms: { fcp?: number; lcp?: number; interactive?: number };
  calibration: Calibration;
  load: number;
}

function buildsFromEnv(): Build[] {
  const given = process.env.BUILDS;
  if (!given) return [{ name: 'this', dir: ROOT }];
  return given.split(',').map((pair) => {
    const [name, dir] = pair.split('=');
    return { name, dir: path.resolve(dir) };
  });
}

async function openShop(build: Build): Promise<Shop> {
  const { url, drop: dropDatabase } = await createThrowawayDatabase(PG_URL, 'bench_phone');
  const server = await startServerProcess(
    { DATABASE_URL: url, SEED_DEMO: 'true', WEB_DIST_DIR: path.join(build.dir, 'dist/web') },
    { args: [path.join(build.dir, 'dist/server/main.js')], cwd: build.dir, timeoutMs: 240_000 },
  );
  const list = (await (await fetch(`${server.url}/api/products/?page_size=1&ordering=-created_at&has_stock=true`)).json()) as {
    results: { id: number }[];
  };
  const productId = list.results[0]?.id;
  if (!productId) throw new Error('the demo catalog did not load');
  // Written with the columns every build's schema has, so that an older build can be measured.
  const username = `telefono${randomBytes(3).toString('hex')}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(
    `insert into users (username, email, password_hash, first_name, last_name, email_verified)
     values ($1, $2, $3, 'Cliente', 'Teléfono', true)`,
    [username, `${username}@test.local`, await hashPassword(TEST_PASSWORD, { memoryCost: 1024, timeCost: 1 })],
  );
  await client.end();
  return { build, server, productId, customer: { username }, dropDatabase };
}

/**
 * Paints and the interaction's effect, timed in the page from its navigation start. A string: a
 * function would be compiled with the bench's helpers, which the page does not have.
 */
const PHONE_SCRIPT = `
  window.__phone = {};
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__phone.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  // Checked every frame: the effect counts from the frame that shows it.
  const seen = () => document.getElementById('mobile-menu') !== null || document.querySelector('header [data-testid="cart-count"]') !== null;
  const check = (now) => {
    if (seen()) window.__phone.effect = now;
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
`;

async function phoneContext(browser: Browser, shop: Shop, visitor: 'first' | 'returning' | 'customer'): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
  const domain = new URL(shop.server.url).hostname;
  if (visitor !== 'first') await context.addCookies([{ name: AGE_COOKIE, value: 'true', domain, path: '/' }]);
  if (visitor === 'customer') {
    // A login as the form makes it: the refresh cookie lands in the context.
    const answer = await context.request.post(`${shop.server.url}/api/auth/login/`, {
      data: { username_or_email: shop.customer.username, password: TEST_PASSWORD },
    });
    if (!answer.ok()) throw new Error(`login: ${answer.status()} ${await answer.text()}`);
    await context.addCookies([{ name: SESSION_HINT_COOKIE, value: '1', domain, path: '/' }]);
  }
  await context.addInitScript(PHONE_SCRIPT);
  return context;
}

async function onePhoneRun(
  browser: Browser,
  shop: Shop,
  page: PhoneRun['page'],
  kind: PhoneRun['kind'],
  calibration: Calibration,
): Promise<PhoneRun['ms']> {
  const visitor = kind === 'paint' ? 'first' : page === 'product' ? 'customer' : 'returning';
  const context = await phoneContext(browser, shop, visitor);
  try {
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: calibration.slowdown });
    const urlPath = page === 'home' ? '/' : page === 'catalog' ? '/productos' : `/producto/${shop.productId}`;
    await tab.goto(`${shop.server.url}${urlPath}`, { waitUntil: 'commit', timeout: 120_000 });
    const fcp = async () =>
      (
        await tab.waitForFunction(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime, undefined, {
          polling: 50,
          timeout: 60_000,
        })
      ).jsonValue();
    if (kind === 'paint') {
      await tab.waitForLoadState('load', { timeout: 120_000 });
      // The app started and nothing large is left to paint.
      await tab.waitForSelector('html[data-app="ready"]', { state: 'attached', timeout: 60_000 }).catch(() => {});
      await tab.waitForTimeout(500);
      const lcp = await tab.evaluate(() => (window as unknown as { __phone: { lcp?: number } }).__phone.lcp);
      return { fcp: await fcp(), lcp };
    }
    const control =
      page === 'home' ? tab.locator('button[aria-controls="mobile-menu"]') : tab.getByRole('button', { name: 'Añadir al Carrito' });
    await control.waitFor({ state: 'visible', timeout: 60_000 });
    // The product's button is below the first screen: the customer scrolls to it.
    await control.scrollIntoViewIfNeeded();
    const box = (await control.boundingBox())!;
    const effect = () => tab.evaluate(() => (window as unknown as { __phone: { effect?: number } }).__phone.effect);
    const deadline = Date.now() + 60_000;
    for (;;) {
      const at = await effect();
      if (at !== undefined) return { fcp: await fcp(), interactive: at };
      if (Date.now() > deadline) {
        const state = await tab.evaluate(() => ({
          expanded: document.querySelector('button[aria-controls="mobile-menu"]')?.getAttribute('aria-expanded'),
          menu: !!document.getElementById('mobile-menu'),
          count: document.querySelector('header [data-testid="cart-count"]')?.textContent,
          ready: document.documentElement.dataset.app,
        }));
        await tab.screenshot({ path: `/tmp/shots/p35/phone-${page}-failed.png` });
        throw new Error(`${page}: no effect after a minute of taps (${JSON.stringify(state)})`);
      }
      await tab.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
      await tab.waitForTimeout(TAP_EVERY_MS);
    }
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const PLAN: { page: PhoneRun['page']; kind: PhoneRun['kind'] }[] = [
  { page: 'home', kind: 'paint' },
  { page: 'catalog', kind: 'paint' },
  { page: 'product', kind: 'paint' },
  { page: 'home', kind: 'interactive' },
  { page: 'product', kind: 'interactive' },
];

export async function runSlowPhone(builds: Build[], log: (line: string) => void = console.log): Promise<PhoneRun[]> {
  const shops: Shop[] = [];
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--headless', ...CHROMIUM_FLAGS] });
  const runs: PhoneRun[] = [];
  try {
    for (const build of builds) {
      log(`Starting ${build.name} (${build.dir}) with the demo catalog…`);
      shops.push(await openShop(build));
    }
    for (let round = 1; round <= ROUNDS; round++) {
      // Alternated: the first build of a round is the last of the one before.
      const order = round % 2 ? shops : [...shops].reverse();
      for (const shop of order) {
        const calibration = await calibrate(browser);
        const load = loadavg()[0];
        for (const step of PLAN.filter((s) => !process.env.PHONE_ONLY || s.kind === process.env.PHONE_ONLY)) {
          for (let i = 0; i < RUNS; i++) {
            const ms = await onePhoneRun(browser, shop, step.page, step.kind, calibration);
            runs.push({ build: shop.build.name, round, ...step, ms, calibration, load });
            const shown = Object.entries(ms)
              .map(([k, v]) => `${k} ${Math.round(v)} ms`)
              .join(', ');
            log(
              `  round ${round}, ${shop.build.name}, ${step.page} ${step.kind}: ${shown} (${formatCalibration(calibration)}, load ${load.toFixed(1)})`,
            );
          }
        }
      }
    }
  } finally {
    await browser.close();
    for (const shop of shops) {
      await shop.server.stop();
      await shop.dropDatabase();
    }
  }
  return runs;
}

/** Medians per build: FCP and LCP per page, interactive for the home's menu and the product's cart. */
export function phoneSummary(runs: PhoneRun[]): string {
  const builds = [...new Set(runs.map((r) => r.build))];
  const lines = [
    '| build | runs | index, CPU slowdown | load (1 min) | FCP home / catálogo / producto | LCP home / catálogo / producto | interactive: home menu, product cart |',
    '|---|---:|---|---|---|---|---|',
  ];
  const ms = (v: number) => (Number.isFinite(v) ? `${(v / 1000).toFixed(2)} s` : '—');
  const mark = (v: number, target: number) => `${ms(v)}${v < target ? '' : ' ✗'}`;
  for (const build of builds) {
    const mine = runs.filter((r) => r.build === build);
    const pick = (page: PhoneRun['page'], kind: PhoneRun['kind'], key: keyof PhoneRun['ms']) =>
      median(mine.filter((r) => r.page === page && r.kind === kind).map((r) => r.ms[key] ?? NaN));
    const indexes = mine.map((r) => r.calibration.index);
    const slowdowns = mine.map((r) => r.calibration.slowdown);
    const loads = mine.map((r) => r.load);
    const pages = ['home', 'catalog', 'product'] as const;
    lines.push(
      `| ${build} | ${mine.filter((r) => r.page === 'home' && r.kind === 'paint').length} | ${Math.min(...indexes)}-${Math.max(...indexes)}, ÷${Math.min(...slowdowns).toFixed(2)}-${Math.max(...slowdowns).toFixed(2)} | ` +
        `${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)} | ` +
        `${pages.map((p) => mark(pick(p, 'paint', 'fcp'), PHONE_TARGETS.fcpMs)).join(' / ')} | ` +
        `${pages.map((p) => mark(pick(p, 'paint', 'lcp'), PHONE_TARGETS.lcpMs)).join(' / ')} | ` +
        `${mark(pick('home', 'interactive', 'interactive'), PHONE_TARGETS.interactiveMs)}, ${mark(pick('product', 'interactive', 'interactive'), PHONE_TARGETS.interactiveMs)} |`,
    );
  }
  return lines.join('\n');
}

if (process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url) {
  const runs = await runSlowPhone(buildsFromEnv());
  console.log(`\n${phoneSummary(runs)}`);
  if (process.env.PHONE_JSON) (await import('node:fs')).writeFileSync(process.env.PHONE_JSON, JSON.stringify(runs, null, 1));
}
