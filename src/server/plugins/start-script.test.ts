// @vitest-environment happy-dom
// The start script (web/public/start.js, written into the page by inline-start.ts), run on the
// markup the server writes for a landing page: the whole stylesheet applies before any module
// runs, the modules are requested (a returning customer's from the head) and run after the first
// paint, the entry's imports first, nothing starts twice, and a returning customer's session and
// priced answers are asked for at once. The browser's side is played by the test: the first
// paint (a PerformanceObserver it drives), the timers and frames (fake), the sheet's load (its
// event), `fetch` (a recorder) and `import()`, which the script text has renamed to a recorder.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_HINT_COOKIE } from '../../domain/cookies';
import { criticalSheetTags } from './critical-css';
import { scriptTags } from './html-document';
import { inlineScript } from './inline-start';

// As the server writes it into the pages (inline-start.ts).
const START = inlineScript(readFileSync(join(import.meta.dirname, '../../web/public/start.js'), 'utf8'));
const ENTRY = { script: '/assets/index-a1.js', imports: ['/assets/react-b2.js', '/assets/router-c3.js'], css: ['/assets/index-d4.css'] };
const PAGE_SCRIPTS = ['/assets/catalog-e5.js', '/assets/card-f6.js', '/assets/filters-g7.js', '/assets/price-h8.js'];
const MODULES = [...ENTRY.imports, ...PAGE_SCRIPTS];

/** A PerformanceObserver the test feeds: `paint()` reports the first contentful paint. */
class FakeObserver {
  static supportedEntryTypes = ['paint', 'largest-contentful-paint'];
  static all: FakeObserver[] = [];
  type = '';
  constructor(private callback: (list: unknown, self: FakeObserver) => void) {
    FakeObserver.all.push(this);
  }
  observe(options: { type: string }) {
    this.type = options.type;
  }
  disconnect() {
    FakeObserver.all = FakeObserver.all.filter((o) => o !== this);
  }
  static paint() {
    const entries = [{ name: 'first-contentful-paint' }];
    for (const o of FakeObserver.all.filter((o) => o.type === 'paint'))
      o.callback({ getEntries: () => entries, getEntriesByName: (name: string) => entries.filter((e) => e.name === name) }, o);
  }
}

/** Each `import()` the script made, with the rest-sheet's media at that moment. */
let imports: { href: string; media: string | null }[];
/** Whether zod's JIT was off (decision 0004) at each `import()`. */
let jitlessAtImport: boolean[];
const zodConfig = () => (globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig;

/** Each `fetch` the script made, answered by the test through `answer`. */
let fetches: { url: string; init: RequestInit; answer: (response: Response) => void }[];

/** The head the server writes for a landing page (`rest`) or another page, and start.js run in it. */
function runStartScript({ rest = true, failing = '', priced = [] as string[], returning = false } = {}) {
  const sheet = rest
    ? criticalSheetTags({ href: ENTRY.css[0], css: '.card{margin:0}' }, '.card{margin:0}')
    : `<style>.card{margin:0}</style><link rel="stylesheet" crossorigin href="${ENTRY.css[0]}" disabled>`;
  // happy-dom fetches neither file (it reports so on the console), and fires the link's `error`
  // before start.js listens: the sheet's own events are the test's to fire.
  const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
  document.head.innerHTML = [sheet, ...scriptTags(ENTRY, PAGE_SCRIPTS, { returning, priced }, START.text)].join('\n');
  quiet.mockRestore();
  document.body.innerHTML = '<div id="root"><h1>Catálogo</h1></div>';
  const script = document.querySelector('script[data-entry]')!;
  Object.defineProperty(document, 'currentScript', { value: script, configurable: true });
  const record = (href: string) => {
    imports.push({ href, media: document.querySelector('link[data-rest]')?.getAttribute('media') ?? null });
    jitlessAtImport.push(zodConfig()?.jitless === true);
    return href === failing ? Promise.reject(new Error('no se pudo cargar')) : Promise.resolve({});
  };
  const fetch = (url: string, init: RequestInit = {}) => new Promise<Response>((resolve) => fetches.push({ url, init, answer: resolve }));
  // Written into a returning visitor's page, linked from a first visitor's: the same text runs.
  expect(script.textContent).toBe(returning ? START.text : '');
  const code = START.text.replace(/\bimport\(/g, '__import(');
  expect(code).not.toBe(START.text);
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the script's own text, as the browser runs it
  new Function('__import', 'PerformanceObserver', 'fetch', code)(record, FakeObserver, fetch);
}

const restSheet = () => document.querySelector<HTMLLinkElement>('link[data-rest]')!;
const preloads = () => [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'));
/** Runs the timers, frames and promise callbacks due in the next `ms`. */
const pass = (ms: number) => vi.advanceTimersByTimeAsync(ms);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
  imports = [];
  fetches = [];
  delete (globalThis as { __earlyStart?: unknown }).__earlyStart;
  document.cookie = `${SESSION_HINT_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  jitlessAtImport = [];
  delete (globalThis as { __zod_globalConfig?: unknown }).__zod_globalConfig;
  FakeObserver.all = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe('start.js', () => {
  it('requests the modules after the first paint, the entry’s imports first, and runs none before the whole sheet applies', async () => {
    runStartScript();
    expect(restSheet().getAttribute('media')).toBe('print');
    await pass(50);
    expect(preloads()).toEqual([]);
    FakeObserver.paint();
    await pass(50);
    // Requested side by side, in the order the server wrote them, the entry too.
    expect(preloads()).toEqual([...MODULES, ENTRY.script]);
    expect(document.querySelector<HTMLLinkElement>('link[rel="modulepreload"]')!.crossOrigin).toBe('');
    // The sheet has not arrived: nothing runs, not even when the fallback timers go off.
    await pass(3000);
    expect(imports).toEqual([]);
    expect(restSheet().getAttribute('media')).toBe('print');
    restSheet().dispatchEvent(new Event('load'));
    await pass(0);
    expect(restSheet().getAttribute('media')).toBe('all');
    // One at a time, the entry last, each with the sheet already applied.
    expect(imports).toEqual([...MODULES, ENTRY.script].map((href) => ({ href, media: 'all' })));
  });

  it('turns zod’s JIT off before the first module runs: a page’s chunks run before the entry sets it', async () => {
    (globalThis as { __zod_globalConfig?: object }).__zod_globalConfig = { customError: undefined };
    runStartScript({ rest: false });
    FakeObserver.paint();
    await pass(50);
    expect(jitlessAtImport).toEqual([...MODULES, ENTRY.script].map(() => true));
    expect(zodConfig()).toHaveProperty('customError');
  });

  it('starts nothing twice, however many of its signals come', async () => {
    runStartScript();
    restSheet().dispatchEvent(new Event('load'));
    FakeObserver.paint();
    FakeObserver.paint();
    await pass(5000);
    restSheet().dispatchEvent(new Event('load'));
    await pass(1000);
    expect(preloads()).toEqual([...MODULES, ENTRY.script]);
    expect(imports.map((i) => i.href)).toEqual([...MODULES, ENTRY.script]);
  });

  it('starts the app on a page that never paints (opened in the background), after two seconds', async () => {
    runStartScript();
    restSheet().dispatchEvent(new Event('load'));
    await pass(1900);
    expect(imports).toEqual([]);
    await pass(200);
    expect(imports.map((i) => i.href)).toEqual([...MODULES, ENTRY.script]);
  });

  it('applies the sheet and starts the app when the sheet fails to load', async () => {
    runStartScript();
    FakeObserver.paint();
    restSheet().dispatchEvent(new Event('error'));
    await pass(100);
    expect(restSheet().getAttribute('media')).toBe('all');
    expect(imports.map((i) => i.href)).toEqual([...MODULES, ENTRY.script]);
  });

  it('starts at once on a page that carries the whole sheet inline', async () => {
    runStartScript({ rest: false });
    FakeObserver.paint();
    await pass(50);
    expect(imports.map((i) => i.href)).toEqual([...MODULES, ENTRY.script]);
  });

  it('runs the entry, which shows its own error, when a module fails to load', async () => {
    runStartScript({ failing: MODULES[1] });
    FakeObserver.paint();
    restSheet().dispatchEvent(new Event('load'));
    await pass(50);
    expect(imports.map((i) => i.href)).toEqual([MODULES[0], MODULES[1], ENTRY.script]);
  });

  it('asks nothing of the API for a visitor without a session', async () => {
    runStartScript({ priced: ['/api/products/7/'] });
    FakeObserver.paint();
    await pass(100);
    expect(fetches).toEqual([]);
    expect((globalThis as { __earlyStart?: unknown }).__earlyStart).toBeUndefined();
  });

  it('adds no second preload link for the modules a returning customer’s page preloads from its head', async () => {
    runStartScript({ returning: true });
    expect(preloads()).toEqual([...MODULES, ENTRY.script]);
    FakeObserver.paint();
    restSheet().dispatchEvent(new Event('load'));
    await pass(100);
    expect(preloads()).toEqual([...MODULES, ENTRY.script]);
    expect(imports.map((i) => i.href)).toEqual([...MODULES, ENTRY.script]);
  });

  it('restores a returning customer’s session at once, and fetches the page’s priced answers with its token', async () => {
    document.cookie = `${SESSION_HINT_COOKIE}=1; path=/`; // the name start.js reads, as the server sets it
    runStartScript({ returning: true, priced: ['/api/products/7/', '/api/products/7/related/?limit=4'] });
    // Before the first paint and before any module: one refresh, nothing else yet.
    expect(fetches.map((f) => [f.url, f.init.method])).toEqual([['/api/auth/refresh/', 'POST']]);
    expect(fetches[0].init.credentials).toBe('same-origin');
    const early = (globalThis as { __earlyStart?: { refresh: Promise<Response>; answers: Record<string, Promise<unknown>> } })
      .__earlyStart!;
    fetches[0].answer(new Response(JSON.stringify({ access: 'token-1', user: { id: 3 } }), { status: 200 }));
    await pass(0);
    expect(fetches.map((f) => f.url)).toEqual(['/api/auth/refresh/', '/api/products/7/', '/api/products/7/related/?limit=4']);
    expect(fetches[1].init.headers).toMatchObject({ authorization: 'Bearer token-1' });
    // The app reads the refresh's own answer (its body unread) and each priced answer with its token.
    expect(await (await early.refresh).json()).toEqual({ access: 'token-1', user: { id: 3 } });
    const product = new Response('{"id":7}');
    fetches[1].answer(product);
    await expect(early.answers['/api/products/7/']).resolves.toEqual({ token: 'token-1', response: product });
    expect(imports).toEqual([]);
  });

  it('fetches no priced answer when the session cannot be restored', async () => {
    document.cookie = `${SESSION_HINT_COOKIE}=1; path=/`;
    runStartScript({ priced: ['/api/products/7/'] });
    fetches[0].answer(new Response('{"error":"Sesión vencida"}', { status: 401 }));
    const early = (globalThis as { __earlyStart?: { answers: Record<string, Promise<unknown>> } }).__earlyStart!;
    await expect(early.answers['/api/products/7/']).resolves.toBeNull();
    expect(fetches).toHaveLength(1);
  });
});
