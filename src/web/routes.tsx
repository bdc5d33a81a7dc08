// Every screen of the shop for the router: the storefront's pages come from the route table
// (pages.ts), each its own chunk; the maintenance page and the back office (a separate chunk) sit
// outside the shop's frame. The same routes serve the browser router and the server's first
// render (entry-server.tsx), each page's declaration in its route's `handle`.
import type { ComponentType, ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { Layout } from './components/Layout';
import { PageLoader } from './components/PageLoader';
import { RouteError } from './components/RouteError';
import { AccountSkeleton, CartSkeleton, LoginSkeleton, RegisterSkeleton, ResetSkeleton, WarrantySkeleton } from './components/PageSkeleton';
import { RedirectIfAuthenticated, RequireAdmin, RequireAuth } from './lib/guards';
import { MaintenanceGuard } from './lib/MaintenanceGuard';
import { DocumentTitle } from './lib/page-title';
import type { PageData } from './lib/page-data';
import { PAGES, type PageDeclaration, type PageFallback, type PageGuard } from './pages';

/** A page's module: its component (default or named export) and its data declaration (lib/page-data.ts). */
type PageModule = Record<string, unknown> & { pageData?: PageData };
type Load = () => Promise<{ default: ComponentType }>;
type Guard = ComponentType<{ children: ReactNode }>;

// Each module the table names, loaded on demand (one chunk each); the route table lists which.
const pageModules = import.meta.glob<PageModule>(['./features/*/*Page.tsx', './*Page.tsx']);

const FALLBACKS: Record<PageFallback, ComponentType> = {
  cart: CartSkeleton,
  warranty: WarrantySkeleton,
  login: LoginSkeleton,
  register: RegisterSkeleton,
  reset: ResetSkeleton,
  account: AccountSkeleton,
};
const GUARDS: Record<PageGuard, Guard> = { 'signed-out': RedirectIfAuthenticated, 'signed-in': RequireAuth };

/**
 * A page loaded on demand. Until its code is there, the router shows `HydrateFallback` in the page's
 * place: on a first visit, and in the frame the server sends for pages that depend on the visitor.
 */
const page = (load: Load, HydrateFallback: ComponentType = PageLoader, Guard?: Guard, title?: string) => ({
  lazy: async () => {
    const { default: Page } = await load();
    const guarded = Guard
      ? () => (
          <Guard>
            <Page />
          </Guard>
        )
      : Page;
    return { Component: title ? withTitle(guarded, title) : guarded };
  },
  HydrateFallback,
});

/** The page with the tab title its head declares (a page whose title comes with its data renders its own). */
function withTitle(Page: ComponentType, title: string) {
  return function Titled() {
    return (
      <>
        <DocumentTitle>{title}</DocumentTitle>
        <Page />
      </>
    );
  };
}

/** The title the route table gives the page: its fixed head's, or its data head's when the URL names nothing else. */
function declaredTitle({ head }: PageDeclaration): string | undefined {
  if (!head) return undefined;
  return 'title' in head ? head.title : head.fixed?.title;
}

/** The module the route table names for `declaration` (its component, its `pageData`). */
export function pageModule(declaration: PageDeclaration): Promise<PageModule> {
  const load = pageModules[`./${declaration.module}`];
  if (!load) throw new Error(`No page module ${declaration.module}`);
  return load();
}

function loadPage(declaration: PageDeclaration): Load {
  const name = declaration.export ?? 'default';
  return async () => ({ default: (await pageModule(declaration))[name] as ComponentType });
}

/** A page of the route table as the router takes it. */
function pageRoute(declaration: PageDeclaration): RouteObject {
  const { path, fallback, guard, errorHome } = declaration;
  return {
    ...(path ? { path } : { index: true }),
    ...page(loadPage(declaration), fallback && FALLBACKS[fallback], guard && GUARDS[guard], declaredTitle(declaration)),
    handle: declaration,
    ...(errorHome ? { errorElement: <RouteError home={errorHome.to} homeLabel={errorHome.label} /> } : {}),
  };
}

/** The page a route shows, as the route table declares it (none for redirects and frames). */
export const pageOf = (route: RouteObject): PageDeclaration | undefined => route.handle as PageDeclaration | undefined;

/** The shop's pages, inside its frame. */
const storefrontPages: RouteObject[] = [...PAGES.map(pageRoute), { path: '*', element: <Navigate to="/" replace /> }];

export const routes: RouteObject[] = [
  { path: '/maintenance', ...page(() => import('./features/maintenance/MaintenancePage')) },
  // The back office has its own frame (sidebar, no shop header or age gate).
  {
    path: '/admin/*',
    ...page(() => import('./features/admin/AdminApp'), PageLoader, RequireAdmin),
    errorElement: <RouteError home="/admin" homeLabel="Volver al panel" />,
  },
  {
    element: (
      <MaintenanceGuard>
        <Layout />
      </MaintenanceGuard>
    ),
    // Only if the frame itself fails: a page's failure stays inside the frame (below).
    errorElement: <RouteError home="/" homeLabel="Ir al inicio" />,
    children: [{ errorElement: <RouteError home="/" homeLabel="Ir al inicio" />, children: storefrontPages }],
  },
];
