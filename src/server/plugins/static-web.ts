// Serves the built storefront (dist/web) and stored uploads; unknown non-API paths get the SPA,
// with the page's own head tags (title, description, canonical, Open Graph) when given.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { decodedPath } from '../routed-path';
import { pickEncoding, toCachedPage, type CachedPage, type PageCache, type PageOutcome } from '../cache/page-cache';
import { AGE_COOKIE, readCookie, SESSION_HINT_COOKIE } from '../../domain/cookies';
import type { renderPage } from '../../web/entry-server';
import { DiskStorage, IMMUTABLE_CACHE_CONTROL, isSafeKey, type Storage, type StoredFile, type StoredFileInfo } from '../storage';
import { criticalCss, inlineSheetTags, LANDING_PAGE_MODULES, type BuiltSheet } from './critical-css';

const YEAR = 365 * 24 * 3600;

/**
 * The head of one page: its status, the tags that replace the built title and description, the
 * lazy chunks (module names such as 'HomePage') its route loads at once and the same-origin GETs
 * the app makes at start when it renders the page itself (preloaded while its scripts load).
 */
export type PageHeadRenderer = (
  url: string,
) => Promise<{ statusCode: number; tags: string; modules?: string[]; startupFetches?: string[] } | null>;

/**
 * Pages are kept (cache/page-cache.ts) under their URL, the visitor's two cookies (age, session
 * hint) and `variant`: the site settings the pages carry, null while they must not be kept
 * (maintenance). No page holds a price or anything of one visitor: its data is asked anonymously.
 */
export interface PageCaching {
  pages: PageCache;
  variant: () => Promise<string | null>;
}

/** What of the visitor changes the HTML: the two cookies the renderer reads, nothing else. */
interface Visitor {
  ageVerified: boolean;
  sessionHint: boolean;
}

/** The catalog's filters (web/features/catalog/filters.ts) but its free-text search. */
const KEPT_CATALOG_PARAMS = new Set(['category', 'categories', 'bank', 'banks', 'stock', 'orden']);
const MAX_KEPT_URL_LENGTH = 300;

/**
 * The URL the page at `url` is kept and rendered under, or null when it is not kept. A page reads
 * no query parameter but the catalog's filters, so any other one (a tracking tag, a random string)
 * is left out: `/privacidad?v=1` is `/privacidad`, one render for every such URL. A filter given
 * twice counts once, as the catalog reads it (the first). Searches, and URLs still longer than
 * MAX_KEPT_URL_LENGTH, are rendered every time, so that they neither fill the cache nor push the
 * popular pages out of it.
 */
export function keptPageUrl(url: string): string | null {
  const mark = url.indexOf('?');
  const pathPart = mark === -1 ? url : url.slice(0, mark);
  const kept: string[] = [];
  if (mark !== -1 && decodedPath(url) === '/productos') {
    const seen = new Set<string>();
    for (const pair of url.slice(mark + 1).split('&')) {
      const [key] = new URLSearchParams(pair).keys();
      if (key === 'search') return null;
      if (key === undefined || !KEPT_CATALOG_PARAMS.has(key) || seen.has(key)) continue;
      seen.add(key);
      kept.push(pair);
    }
  }
  const keptUrl = kept.length ? `${pathPart}?${kept.join('&')}` : pathPart;
  return keptUrl.length > MAX_KEPT_URL_LENGTH ? null : keptUrl;
}

const STATIC_IMPORT = /(?:import|export)\s*(?:[\w*{}\s,$]*?from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g;

/**
 * `<link rel="modulepreload">` tags for built chunks and everything they import statically,
 * leaving out what index.html loads already, so a route's code downloads with the entry script
 * instead of after it has run.
 */
export function modulePreloader(webRoot: string, indexHtml: string): (names: string[]) => string {
  const assetsDir = path.join(webRoot, 'assets');
  const files = existsSync(assetsDir) ? readdirSync(assetsDir).filter((f) => f.endsWith('.js')) : [];
  const loaded = new Set([...indexHtml.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]));
  const importsOf = (file: string) =>
    [...readFileSync(path.join(assetsDir, file), 'utf8').matchAll(STATIC_IMPORT)].map((m) => path.posix.basename(m[1]));
  const cache = new Map<string, string>();
  return (names) => {
    const key = names.join(',');
    let tags = cache.get(key);
    if (tags === undefined) {
      const wanted = new Set<string>();
      const queue = names.flatMap((name) => files.filter((f) => new RegExp(`^${name}-[\\w-]{8}\\.js$`).test(f)));
      while (queue.length) {
        const file = queue.pop()!;
        if (wanted.has(file) || loaded.has(file) || !files.includes(file)) continue;
        wanted.add(file);
        queue.push(...importsOf(file));
      }
      tags = [...wanted].map((file) => `<link rel="modulepreload" crossorigin href="/assets/${file}">`).join('\n    ');
      cache.set(key, tags);
    }
    return tags;
  };
}

const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*\shref="\/assets\/([^"/]+\.css)"[^>]*>/g;

/**
 * The built stylesheets written into the page instead of linked: the first paint waits for the
 * CSS, and on a phone's slow connection fetching it cost a round trip (or two, on a connection of
 * its own) after the HTML; 12 KB gzip more per page load is cheaper. A file that could close its
 * own element stays linked.
 *
 * The link stays too, disabled: never fetched nor applied, it tells a route chunk that lists the
 * stylesheet among its dependencies that it is loaded. Else the first client-side move to such a
 * page fetched it again, and as a late link it came after the admin's stylesheet, whose classes
 * it would reorder (features/admin/admin.css).
 */
export function withInlineStylesheets(indexHtml: string, webRoot: string): string {
  return indexHtml.replace(STYLESHEET_LINK, (link, file: string) => {
    const sheet = builtSheet(webRoot, file);
    return !sheet || /<\/style/i.test(sheet.css) ? link : inlineSheetTags(sheet);
  });
}

function builtSheet(webRoot: string, file: string): BuiltSheet | null {
  const onDisk = path.join(webRoot, 'assets', file);
  return existsSync(onDisk) ? { href: `/assets/${file}`, css: readFileSync(onDisk, 'utf8') } : null;
}

/** The stylesheets index.html links, as built. */
function linkedSheets(indexHtml: string, webRoot: string): BuiltSheet[] {
  return [...indexHtml.matchAll(STYLESHEET_LINK)].flatMap((m) => builtSheet(webRoot, m[1]) ?? []);
}

/** Puts `tags` where the built index.html has its title, dropping its generic title and description. */
export function withHeadTags(indexHtml: string, tags: string): string {
  const withoutDefaults = indexHtml.replace(/\s*<meta\s+name="description"[^>]*>/i, '');
  const title = /<title>[\s\S]*?<\/title>/i.exec(withoutDefaults);
  if (title) return withoutDefaults.slice(0, title.index) + tags + withoutDefaults.slice(title.index + title[0].length);
  return withoutDefaults.replace(/<head>/i, (head) => `${head}\n    ${tags}`);
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * A page whose first view is in the HTML paints before its scripts download: the entry script and
 * the module preloads give way to /start.js, which requests them after the first paint and runs
 * them one by one, the entry's own imports (React) first, so that no single task is long.
 */
export function startAfterPaint(html: string): string {
  const entry = ENTRY_SCRIPT.exec(html);
  if (!entry) return html;
  const entryAt = entry.index;
  const preloads = [...html.matchAll(MODULE_PRELOAD)];
  // The built index.html lists the entry's imports after the entry; the page's route chunks were
  // put before it, with the head tags.
  const modules = [...preloads.filter((m) => m.index > entryAt), ...preloads.filter((m) => m.index < entryAt)].map((m) => m[1]);
  const start = `<script defer src="/start.js" data-entry="${entry[1]}" data-modules="${modules.join(' ')}"></script>`;
  return html.replace(MODULE_PRELOAD, '').replace(ENTRY_SCRIPT, () => start);
}

/** Puts a page's server-rendered first view into the built index.html's empty root element. */
export function withFirstView(indexHtml: string, page: { html: string; data: string }): string {
  return indexHtml.replace('<div id="root"></div>', () => `<div id="root">${page.html}</div>${page.data}`);
}

/** The page's API calls, answered by the app's own routes without going through the network. */
function inProcessFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const response = await app.inject({
      method: init?.method ?? 'GET',
      url: typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      headers: { accept: 'application/json' },
    });
    const empty = response.statusCode === 204 || response.statusCode === 304;
    return new Response(empty ? null : response.body, {
      status: response.statusCode,
      headers: { 'content-type': String(response.headers['content-type'] ?? 'application/json') },
    });
  };
}

/**
 * GET and HEAD /uploads/<key> from a store other than the disk (the S3 bucket), so that any
 * machine serves any picture at the URL the database keeps. Unsafe and missing keys are 404.
 */
function serveUploadsFromStore(app: FastifyInstance, storage: Storage) {
  app.route({
    method: ['GET', 'HEAD'],
    url: '/uploads/*',
    handler: async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      if (!isSafeKey(key)) return reply.status(404).send({ error: 'Imagen no encontrada' });
      const head = request.method === 'HEAD';
      let file: StoredFileInfo | null;
      try {
        file = head ? await storage.head(key) : await storage.get(key);
      } catch (error) {
        // The bucket is unreachable or refuses: say so, and let the browser try again later.
        request.log.error({ err: error, key }, 'reading an upload from the store failed');
        return reply.status(503).header('retry-after', '30').send({ error: 'La imagen no está disponible en este momento' });
      }
      if (!file) return reply.status(404).send({ error: 'Imagen no encontrada' });
      const body = head ? undefined : (file as StoredFile).body;
      reply.header('cache-control', IMMUTABLE_CACHE_CONTROL).type(file.contentType).header('content-length', String(file.size));
      if (file.etag) reply.header('etag', file.etag);
      if (file.lastModified) reply.header('last-modified', file.lastModified.toUTCString());
      if (file.etag && request.headers['if-none-match']?.split(',').some((tag) => tag.trim() === file.etag)) {
        body?.destroy();
        return reply.status(304).send();
      }
      return reply.send(body);
    },
  });
}

export default fp(async function staticWebPlugin(
  app: FastifyInstance,
  opts: { uploads: Storage; webDir: string; renderer?: string | null; pageHead?: PageHeadRenderer; pageCaching?: PageCaching },
) {
  if (opts.uploads instanceof DiskStorage) {
    await app.register(fastifyStatic, {
      root: opts.uploads.root,
      prefix: '/uploads/',
      decorateReply: false,
      setHeaders: (reply) => {
        reply.header('cache-control', IMMUTABLE_CACHE_CONTROL);
      },
    });
  } else {
    serveUploadsFromStore(app, opts.uploads);
  }

  const webRoot = opts.webDir;
  const indexFile = path.join(webRoot, 'index.html');
  const hasWeb = existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      prefix: '/',
      index: false,
      wildcard: false,
      decorateReply: false,
      setHeaders: (reply, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? `public, max-age=${YEAR}, immutable` : 'public, max-age=3600');
      },
    });
  }
  const builtIndex = hasWeb ? readFileSync(indexFile, 'utf8') : '';
  const indexHtml = hasWeb
    ? withInlineStylesheets(builtIndex, webRoot)
    : '<!doctype html><title>Semillas</title><p>Ejecuta npm run build</p>';
  const withCriticalCss = criticalCss(linkedSheets(builtIndex, webRoot));
  const preloadModules = modulePreloader(webRoot, indexHtml);
  const render: typeof renderPage | null =
    hasWeb && opts.renderer && existsSync(opts.renderer)
      ? ((await import(pathToFileURL(opts.renderer).href)) as { renderPage: typeof renderPage }).renderPage
      : null;
  const callApi = inProcessFetch(app);

  const visitorOf = (request: FastifyRequest): Visitor => {
    const cookies = request.headers.cookie;
    return { ageVerified: readCookie(cookies, AGE_COOKIE) === 'true', sessionHint: readCookie(cookies, SESSION_HINT_COOKIE) !== null };
  };

  async function renderFirstView(request: FastifyRequest, url: string, visitor: Visitor) {
    try {
      return await render!({ url, ...visitor, callApi });
    } catch (error) {
      // The browser renders the page itself.
      request.log.error({ err: error }, 'page render failed');
      return null;
    }
  }

  /** The page's HTML at `url`, and whether its first view is in it with all its data. */
  async function renderHtml(request: FastifyRequest, url: string, visitor: Visitor) {
    let head: Awaited<ReturnType<PageHeadRenderer>> = null;
    try {
      head = opts.pageHead ? await opts.pageHead(url) : null;
    } catch (error) {
      // The page still works without its own head: serve the plain app.
      request.log.error({ err: error }, 'page head failed');
    }
    const statusCode = head?.statusCode ?? 200;
    const firstView = render && statusCode === 200 ? await renderFirstView(request, url, visitor) : null;
    let html = indexHtml;
    if (head) {
      const tags = [head.tags];
      if (!firstView)
        tags.push(...(head.startupFetches ?? []).map((href) => `<link rel="preload" as="fetch" href="${href}" crossorigin />`));
      if (head.modules?.length) tags.push(preloadModules(head.modules));
      html = withHeadTags(html, tags.filter(Boolean).join('\n    '));
    }
    if (firstView) html = startAfterPaint(withFirstView(html, firstView));
    // A landing page carries only its own rules inline (critical-css.ts).
    if (firstView && head?.modules?.some((name) => LANDING_PAGE_MODULES.has(name))) html = withCriticalCss(html);
    return { statusCode, html, complete: firstView?.complete === true };
  }

  async function pageVariant(caching: PageCaching, request: FastifyRequest): Promise<string | null> {
    try {
      return await caching.variant();
    } catch (error) {
      request.log.error({ err: error }, 'page variant failed');
      return null;
    }
  }

  /**
   * The page from the cache, or rendered and kept when it may be: only a complete render (status
   * 200, first view in it with all its data) made while the site settings stayed as in its key.
   */
  function keptOrRendered(
    caching: PageCaching,
    request: FastifyRequest,
    url: string,
    visitor: Visitor,
    variant: string,
  ): Promise<PageOutcome> {
    const key = `${variant}\n${visitor.ageVerified ? 'age' : 'no-age'}\n${visitor.sessionHint ? 'session' : 'guest'}\n${url}`;
    return caching.pages.get(key, async () => {
      const page = await renderHtml(request, url, visitor);
      const keep = page.statusCode === 200 && page.complete && (await pageVariant(caching, request)) === variant;
      return keep
        ? { kind: 'kept', page: await toCachedPage(page.html) }
        : { kind: 'passed', statusCode: page.statusCode, html: page.html };
    });
  }

  // The HTML depends on these cookies, and must be fresh after a staff edit: browsers revalidate.
  const sendHtml = (reply: FastifyReply, statusCode: number, html: string) =>
    reply.status(statusCode).type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'Cookie').send(html);

  function sendKept(request: FastifyRequest, reply: FastifyReply, page: CachedPage) {
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'Cookie, Accept-Encoding')
      .header('etag', page.etag);
    const known = request.headers['if-none-match'];
    if (known && known.split(',').some((tag) => tag.trim() === page.etag)) return reply.status(304).send();
    const encoding = pickEncoding(request.headers['accept-encoding']);
    // Sent as they are: the compression plugin leaves encoded bodies alone.
    if (encoding) return reply.header('content-encoding', encoding).send(page.encoded[encoding]);
    return reply.send(page.html);
  }

  const notFound = (reply: FastifyReply) => reply.status(404).send({ error: 'Recurso no encontrado' });
  app.setNotFoundHandler(async (_request, reply) => notFound(reply));

  // A route rather than the not-found handler, so that the route hooks (compression) apply.
  app.get('/*', async (request, reply) => {
    const path = decodedPath(request.url);
    if (path.startsWith('/api/') || path.startsWith('/uploads/') || path.startsWith('/assets/')) return notFound(reply);
    // The maintenance plugin closed the shop to this visitor: the app alone, no page head or first view.
    if (request.closedForMaintenance) {
      return reply.status(503).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(indexHtml);
    }
    const visitor = visitorOf(request);
    const caching = opts.pageCaching;
    // A signed-in visitor's page holds nothing of theirs either: the render's calls are anonymous
    // and it says a session is loading (the browser asks for the prices with its token), so it is
    // kept too, apart from the guests' page.
    const keptUrl = caching?.pages.enabled ? keptPageUrl(request.url) : null;
    if (caching && keptUrl !== null) {
      const variant = await pageVariant(caching, request);
      if (variant !== null) {
        const outcome = await keptOrRendered(caching, request, keptUrl, visitor, variant);
        if (outcome.kind === 'kept') return sendKept(request, reply, outcome.page);
        // A missing product answers 404 and still gets the app, which shows its 'not found' page.
        return sendHtml(reply, outcome.statusCode, outcome.html);
      }
    }
    const page = await renderHtml(request, request.url, visitor);
    return sendHtml(reply, page.statusCode, page.html);
  });
});
