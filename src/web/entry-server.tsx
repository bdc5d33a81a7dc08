// The first view of the storefront's content pages, rendered on the server with the same routes,
// providers and query cache as the browser, the page's API calls answered in-process. The browser
// hydrates it (main.tsx) from the JSON embedded next to it, so the page paints before any script
// runs and search engines read the content. What is rendered of a page is its `firstView` in the
// route table (pages.ts): the whole page, or for pages that depend on the visitor their frame
// (header, footer, the page's skeleton); anything else gets the plain app shell.
import './lib/zod-config';
import { dehydrate, type Query } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider, type RouteObject } from 'react-router';
import type { MaintenanceStatusDto } from '../domain/site';
import { scriptJson } from '../domain/text';
import { App, createQueryClient } from './App';
import { setTransport } from './lib/api';
import { FIRST_RENDER_ELEMENT_ID, type FirstRender } from './lib/first-render';
import { setMaintenanceStatus } from './lib/maintenance';
import { pageOf, routes } from './routes';

/** The page is sent without its data rather than late. */
const DATA_TIMEOUT_MS = 2_000;
const MAX_PASSES = 3;

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
  /** Answers the page's API calls (the server's own routes, without the network). */
  callApi: typeof fetch;
}

export interface RenderedPage {
  /** Goes inside the root element. */
  html: string;
  /** Goes right after it: the JSON data block the browser reads before hydrating. */
  data: string;
  /**
   * Every query the page made has its data: none failed, none was cut by the deadline. A page
   * without it is still sent (the browser loads the rest) but never kept for other visitors.
   */
  complete: boolean;
}

export async function renderPage({ url, ageVerified, sessionHint, callApi }: RenderRequest): Promise<RenderedPage | null> {
  const location = new URL(url, 'http://localhost');
  const matches = matchRoutes(routes, location.pathname);
  const firstView = matches && pageOf(matches[matches.length - 1].route)?.firstView;
  if (!firstView) return null;
  const frameOnly = firstView === 'frame';

  // Every render shares the module's API transport: the calls are anonymous, so that is safe.
  setTransport(callApi);
  const maintenance = await readMaintenance(callApi);
  if (!maintenance || maintenance.maintenance_mode) return null;
  setMaintenanceStatus(maintenance);

  const context = await handler.query(new Request(location));
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = createQueryClient();
  const firstRender: FirstRender = {
    ageVerified,
    session: sessionHint ? 'loading' : 'anonymous',
    maintenance,
    frameOnly,
    queries: { mutations: [], queries: [] },
  };
  const render = () =>
    renderToString(
      <App queryClient={queryClient} firstRender={firstRender}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </App>,
    );

  // Each pass tells which queries the page makes with the data it has so far (a product's related
  // products need the product); they run and the next pass renders with their data.
  const deadline = Date.now() + DATA_TIMEOUT_MS;
  let html = render();
  let inTime = true;
  for (let pass = 1; pass < MAX_PASSES; pass++) {
    const wanted = queryClient.getQueryCache().getAll().filter(isWanted);
    if (!wanted.length) break;
    inTime = await withTimeout(Promise.all(wanted.map((query) => query.fetch().catch(() => undefined))), deadline - Date.now());
    html = render();
    if (!inTime) break;
  }
  const complete =
    inTime &&
    queryClient
      .getQueryCache()
      .getAll()
      .every((query) => query.state.status !== 'error' && query.state.fetchStatus === 'idle' && !isWanted(query));
  firstRender.queries = dehydrate(queryClient);
  queryClient.clear();
  return {
    html,
    data: `<script type="application/json" id="${FIRST_RENDER_ELEMENT_ID}">${scriptJson(firstRender)}</script>`,
    complete,
  };
}

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
