// The first view of the storefront's pages, rendered on the server with the same routes,
// providers and query cache as the browser, the page's API calls answered in-process. The browser
// hydrates it (main.tsx) from the JSON embedded next to it, so the page paints before any script
// runs and search engines read the content. What is rendered of a page is its `firstView` in the
// route table (pages.ts): the whole page, or for pages that depend on the visitor their frame
// (header, footer, the page's skeleton); anything else gets the plain app shell.
//
// One render per page: the data the frame and the page read (lib/page-data.ts, the page module's
// `pageData`) is fetched first, then the page is rendered with it.
import './lib/zod-config';
import { dehydrate, type Query } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider, type RouteObject } from 'react-router';
import type { MaintenanceStatusDto } from '../domain/site';
import { scriptJson } from '../domain/text';
import { App, createQueryClient } from './App';
import { setTransport } from './lib/api';
import { ANONYMOUS_VIEWER } from './lib/catalog-api';
import { FIRST_RENDER_ELEMENT_ID, type FirstRender } from './lib/first-render';
import { frameData, type PageDataInput } from './lib/page-data';
import { pageModule, pageOf, routes } from './routes';

/** The page is sent without its data rather than late. */
const DATA_TIMEOUT_MS = 2_000;

const withFrames = (list: RouteObject[]): RouteObject[] =>
  list.map((route) => {
    if (route.children) return { ...route, children: withFrames(route.children) };
    if (pageOf(route)?.firstView !== 'frame') return route;
    return { ...route, lazy: undefined, Component: route.HydrateFallback };
  });

const handler = createStaticHandler(withFrames(routes));

export interface RenderRequest {
  /** Path and query of the page. */
  url: string;
  ageVerified: boolean;
  sessionHint: boolean;
}

export interface RenderedPage {
  /** Goes inside the root element. */
  html: string;
  /** Goes right after it: the JSON data block the browser reads before hydrating. */
  data: string;
  /**
   * Every query the page made has its data: none failed, none was cut by the deadline, none was
   * left out of its data declaration. A page without it is still sent (the browser loads the
   * rest) but never kept for other visitors.
   */
  complete: boolean;
  /** Queries the render made that the page's data declaration left out (their part shows loading). */
  undeclared: string[];
  /**
   * For a visitor with the session hint: the page's answers that carry prices for a customer
   * (`pricedMeta` in lib/catalog-api.ts), which the browser fetches with the session it restores
   * while the app's code downloads.
   */
  priced: string[];
  /**
   * Rendered for a returning visitor: past the age gate on an earlier visit (the age cookie) or a
   * customer (the session hint). They go straight to the shop, without a gate to read first.
   */
  returning: boolean;
}

/**
 * The renderer of the pages, its API calls answered by `callApi` (the server's own routes,
 * without the network). The calls are anonymous, so every render shares it.
 */
export function createPageRenderer(callApi: typeof fetch) {
  setTransport(callApi);
  return (request: RenderRequest) => renderPage(request, callApi);
}

async function renderPage({ url, ageVerified, sessionHint }: RenderRequest, callApi: typeof fetch): Promise<RenderedPage | null> {
  const location = new URL(url, 'http://localhost');
  const matches = matchRoutes(routes, location.pathname);
  const leaf = matches?.[matches.length - 1];
  const page = leaf && pageOf(leaf.route);
  if (!leaf || !page?.firstView) return null;

  const maintenance = await readMaintenance(callApi);
  if (!maintenance || maintenance.maintenance_mode) return null;

  const queryClient = createQueryClient();
  const input: PageDataInput = {
    params: leaf.params,
    searchParams: location.searchParams,
    path: page.path,
    viewer: ANONYMOUS_VIEWER,
    queryClient,
  };
  const data = Promise.all([
    frameData(input),
    page.firstView === 'full' ? pageModule(page).then((module) => module.pageData?.(input)) : undefined,
  ]);
  const [context, inTime] = await Promise.all([handler.query(new Request(location)), withTimeout(data, DATA_TIMEOUT_MS)]);
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const firstRender: FirstRender = {
    ageVerified,
    session: sessionHint ? 'loading' : 'anonymous',
    maintenance,
    frameOnly: page.firstView === 'frame',
    queries: { mutations: [], queries: [] },
  };
  const html = renderToString(
    <App queryClient={queryClient} firstRender={firstRender}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </App>,
  );
  const queries = queryClient.getQueryCache().getAll();
  const undeclared = queries.filter(isWanted).map((query) => query.queryHash);
  const complete =
    inTime && !undeclared.length && queries.every((query) => query.state.status !== 'error' && query.state.fetchStatus === 'idle');
  const priced = sessionHint ? queries.flatMap((query) => (typeof query.meta?.priced === 'string' ? [query.meta.priced] : [])) : [];
  firstRender.queries = dehydrate(queryClient);
  queryClient.clear();
  return {
    html,
    data: `<script type="application/json" id="${FIRST_RENDER_ELEMENT_ID}">${scriptJson(firstRender)}</script>`,
    complete,
    undeclared,
    priced,
    returning: ageVerified || sessionHint,
  };
}

/** A query the render asked for that has no data and has not been fetched. */
function isWanted(query: Query): boolean {
  if (query.state.status !== 'pending' || query.state.fetchStatus !== 'idle') return false;
  const enabled = (query.options as { enabled?: boolean | ((q: Query) => boolean) }).enabled;
  return (typeof enabled === 'function' ? enabled(query) : enabled) !== false;
}

async function readMaintenance(callApi: typeof fetch): Promise<MaintenanceStatusDto | null> {
  try {
    const response = await callApi('/api/core/maintenance-status/', { headers: { accept: 'application/json' } });
    return response.ok ? ((await response.json()) as MaintenanceStatusDto) : null;
  } catch {
    return null;
  }
}

/** Whether `work` finished within `ms`. */
function withTimeout(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(resolve, Math.max(ms, 0), false)));
  return Promise.race([work.then(() => true), late]).finally(() => clearTimeout(timer));
}
