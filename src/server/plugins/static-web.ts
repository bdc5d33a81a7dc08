// Serves the built storefront (dist/web) and stored uploads; unknown non-API paths get the app's
// HTML document (html-document.ts): the page's own head tags (title, description, canonical, Open
// Graph) when given, its built files from Vite's manifest and the server's first view.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { decodedPath } from '../routed-path';
import { pickEncoding, toCachedPage, type CachedPage, type PageCache, type PageOutcome } from '../cache/page-cache';
import { AGE_COOKIE, readCookie, SESSION_HINT_COOKIE } from '../../domain/cookies';
import type { createPageRenderer } from '../../web/entry-server';
import { matchPage } from '../../web/pages';
import type { InlineScript } from './inline-start';
import { criticalCss } from './critical-css';
import { htmlDocument } from './html-document';
import { builtFiles, MANIFEST_FILE, readManifest } from './web-manifest';
import { DiskStorage, IMMUTABLE_CACHE_CONTROL, isSafeKey, type Storage, type StoredFile, type StoredFileInfo } from '../storage';

const YEAR = 365 * 24 * 3600;

/**
 * The head of one page: its status, its tags (title, description…) and the same-origin GETs the
 * app makes at start when it renders the page itself (preloaded while its scripts load).
 */
export type PageHeadRenderer = (url: string) => Promise<{ statusCode: number; tags: string; startupFetches?: string[] } | null>;

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

const MAX_KEPT_URL_LENGTH = 300;

/**
 * The URL the page at `url` is kept and rendered under, or null when it is not kept. A page reads
 * no query parameter but those its route table entry keeps (web/pages.ts: the catalog's filters),
 * so any other one (a tracking tag, a random string) is left out: `/privacidad?v=1` is
 * `/privacidad`, one render for every such URL. A parameter given twice counts once, as the page
 * reads it (the first). URLs with a parameter the page renders each time (a search), and URLs
 * still longer than MAX_KEPT_URL_LENGTH, are rendered every time, so that they neither fill the
 * cache nor push the popular pages out of it.
 */
export function keptPageUrl(url: string): string | null {
  const mark = url.indexOf('?');
  const pathPart = mark === -1 ? url : url.slice(0, mark);
  const kept: string[] = [];
  const params = mark === -1 ? undefined : matchPage(decodedPath(url))?.page.params;
  if (params) {
    const seen = new Set<string>();
    for (const pair of url.slice(mark + 1).split('&')) {
      const [key] = new URLSearchParams(pair).keys();
      if (key !== undefined && params.rendered.includes(key)) return null;
      if (key === undefined || !params.kept.includes(key) || seen.has(key)) continue;
      seen.add(key);
      kept.push(pair);
    }
  }
  const keptUrl = kept.length ? `${pathPart}?${kept.join('&')}` : pathPart;
  return keptUrl.length > MAX_KEPT_URL_LENGTH ? null : keptUrl;
}

/** The built files and the text of the stylesheets written into pages, read once at start. */
function loadBuild(webRoot: string) {
  const manifest = readManifest(webRoot);
  if (!manifest) return null;
  const files = builtFiles(manifest);
  const css = new Map<string, string | null>();
  const inlineCss = (url: string) => {
    if (!css.has(url)) {
      const onDisk = path.join(webRoot, url);
      css.set(url, existsSync(onDisk) ? readFileSync(onDisk, 'utf8') : null);
    }
    return css.get(url)!;
  };
  const sheets = files.entry.css.flatMap((href) => {
    const text = inlineCss(href);
    return text === null ? [] : [{ href, css: text }];
  });
  return { files, inlineCss, withCriticalCss: criticalCss(sheets) };
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
  opts: {
    uploads: Storage;
    webDir: string;
    renderer?: string | null;
    pageHead?: PageHeadRenderer;
    pageCaching?: PageCaching;
    /** The build's start script, written into the pages (inline-start.ts); the pages' CSP allows its hash. */
    startScript?: InlineScript | null;
  },
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
  const build = hasWeb ? loadBuild(webRoot) : null;
  if (hasWeb && !build) app.log.warn(`${webRoot} has no ${MANIFEST_FILE}: pages are served without the app`);
  const render =
    build && opts.renderer && existsSync(opts.renderer)
      ? ((await import(pathToFileURL(opts.renderer).href)) as { createPageRenderer: typeof createPageRenderer }).createPageRenderer(
          inProcessFetch(app),
        )
      : null;
  /** The page's document; without a build, a line saying how to make one. */
  const documentFor = (parts: {
    headTags?: string[];
    module?: string;
    firstView?: { html: string; data: string; returning?: boolean; priced?: string[] } | null;
    startupFetches?: string[];
  }) =>
    build
      ? htmlDocument({
          ...parts,
          entry: build.files.entry,
          page: parts.module ? build.files.page(parts.module) : undefined,
          inlineCss: build.inlineCss,
          startScript: opts.startScript?.text ?? null,
        })
      : '<!doctype html><title>Semillas</title><p>Ejecuta npm run build</p>';

  const visitorOf = (request: FastifyRequest): Visitor => {
    const cookies = request.headers.cookie;
    return { ageVerified: readCookie(cookies, AGE_COOKIE) === 'true', sessionHint: readCookie(cookies, SESSION_HINT_COOKIE) !== null };
  };

  async function renderFirstView(request: FastifyRequest, url: string, visitor: Visitor) {
    try {
      const page = await render!({ url, ...visitor });
      // The page's data declaration missed what the render asked for: the page is sent, never kept.
      if (page?.undeclared.length) request.log.warn({ url, queries: page.undeclared }, 'page render made undeclared queries');
      return page;
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
    // A page the server renders whole loads its code with the entry instead of after it.
    const page = matchPage(decodedPath(url))?.page;
    const document = documentFor({
      headTags: head?.tags ? [head.tags] : [],
      module: page?.firstView === 'full' ? page.module : undefined,
      firstView,
      startupFetches: head?.startupFetches,
    });
    // A landing page carries only the rules its own HTML uses inline (critical-css.ts).
    const html = build && firstView && page?.landing ? build.withCriticalCss(document) : document;
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
      return reply.status(503).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(documentFor({}));
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
