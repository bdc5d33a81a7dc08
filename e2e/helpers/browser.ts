// Headless Chromium (Debian's) driven by playwright-core, with screenshots kept on failure.
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type LaunchOptions, type Page } from 'playwright-core';
import { expect } from 'vitest';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';
/**
 * The browser tests' Chromium: Debian's headless shell (package chromium-headless-shell, the same
 * Blink as the browser, without the browser's windows and services) when it is installed, as
 * Playwright itself runs headless tests. The full browser spent a renderer of its own interface on
 * every page the tests opened: the shell ran a browser file in 30-40 % less time. The benchmarks
 * keep the full browser (CHROMIUM_PATH); CHROMIUM_PATH set by the caller picks the tests' too.
 */
export const TEST_CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH);
const ARTIFACTS_DIR = path.resolve('e2e/artifacts');

/** Flags for a quiet headless Chromium on a machine without a network or a sandbox. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(options: LaunchOptions = {}): Promise<Browser> {
  return chromium.launch({ executablePath: TEST_CHROMIUM_PATH, args: ['--headless', ...CHROMIUM_FLAGS], ...options });
}

let workerBrowser: Promise<Browser> | undefined;
let exitsOnStop = false;

/**
 * The Chromium of this worker process: launched by the first test file that asks, then shared by
 * the files the worker runs after it (vitest.e2e.config.ts keeps a worker's modules between its
 * files). Each file opens its own contexts and `useShop` closes them after the file. A browser
 * that crashed or was closed is launched again for the next file.
 */
export function workerChromium(): Promise<Browser> {
  if (!exitsOnStop) {
    // Vitest stops a worker with SIGTERM and kills it half a second later. Exiting at once runs
    // Playwright's exit hook, which kills Chromium and removes its profile folder; left to
    // Playwright's own SIGTERM handler, the kill could come before the browser had closed.
    process.once('SIGTERM', () => process.exit(143));
    exitsOnStop = true;
  }
  if (!workerBrowser) {
    const launched = launchBrowser({ handleSIGTERM: false });
    const forget = () => {
      if (workerBrowser === launched) workerBrowser = undefined;
    };
    launched.then((browser) => browser.on('disconnected', forget), forget);
    workerBrowser = launched;
  }
  return workerBrowser;
}

export const MOBILE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 900 };

/**
 * A fresh context that already passed the age gate, unless `ageVerified: false`; `touch` makes
 * it a phone's (touch screen, no mouse hover).
 */
export async function newPage(
  browser: Browser,
  baseURL: string,
  options: { viewport?: { width: number; height: number }; ageVerified?: boolean; touch?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const touch = options.touch ? { hasTouch: true, isMobile: true } : {};
  const context = await browser.newContext({ baseURL, viewport: options.viewport ?? DESKTOP, locale: 'es-AR', ...touch });
  if (options.ageVerified !== false) {
    await context.addCookies([{ name: 'age_verified', value: 'true', url: baseURL }]);
    await context.addInitScript(() => window.localStorage.setItem('ageVerified', 'true'));
  }
  const page = waitForAppOnNavigation(await context.newPage());
  return { context, page };
}

/**
 * Makes goto and reload also wait until the app runs: server-rendered pages show their buttons
 * before the scripts that make them work, and a test clicks faster than a person.
 */
export function waitForAppOnNavigation(page: Page): Page {
  const ready = () => page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await ready();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await ready();
    return response;
  };
  return page;
}

/**
 * Whether `screenshot` saves the pictures a test takes on its way, to be looked at during
 * development. CI sets E2E_SCREENSHOTS=failures: nobody looks at those there, and each cost a
 * quarter of a second of the browser's processor (over three hundred of them in a run); a failed
 * step's screenshot is saved all the same.
 */
const SCREENSHOTS_ON_THE_WAY = process.env.E2E_SCREENSHOTS !== 'failures';

async function saveScreenshot(page: Page, name: string, options: { fullPage?: boolean }): Promise<void> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}.png`), fullPage: options.fullPage ?? false });
}

/**
 * Saves a screenshot of the page as `e2e/artifacts/<name>.png`, to be looked at during development
 * (not in CI: see SCREENSHOTS_ON_THE_WAY); `fullPage` takes the whole page, not only the screen.
 */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (SCREENSHOTS_ON_THE_WAY) await saveScreenshot(page, name, options);
}

/**
 * Runs a browser step and keeps a screenshot when it fails, named after the test file too: files
 * run two at a time and may name their steps alike.
 */
export async function step<T>(page: Page, name: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    const file = path.basename(expect.getState().testPath ?? '', '.test.ts');
    await saveScreenshot(page, `FAILED-${file ? `${file}-` : ''}${name}`, {}).catch(() => {});
    throw error;
  }
}

/** The HTML the server sends for `path` (with `cookie`), which must answer 200. */
export async function pageHtml(baseURL: string, path: string, cookie?: string): Promise<string> {
  const response = await fetch(`${baseURL}${path}`, { headers: cookie ? { cookie } : {} });
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  return response.text();
}

/** What the server rendered inside the app's root element. */
export const rootOf = (page: string) =>
  /<div id="root">([\s\S]*?)<\/div><script type="application\/json" id="first-render">/.exec(page)?.[1] ?? '';
