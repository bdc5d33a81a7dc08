// Every screen of the shop; each page is its own chunk, the admin area a separate one. The same
// table serves the browser router and the server's first render (entry-server.tsx).
import { lazy, type ComponentType, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { Layout } from './components/Layout';
import { PageLoader } from './components/PageLoader';
import { RouteError } from './components/RouteError';
import { AccountSkeleton, CartSkeleton, LoginSkeleton, RegisterSkeleton, ResetSkeleton, WarrantySkeleton } from './components/PageSkeleton';
import { RedirectIfAuthenticated, RequireAdmin, RequireAuth } from './lib/guards';
import { MaintenanceGuard } from './lib/MaintenanceGuard';

type Load = () => Promise<{ default: ComponentType }>;

/**
 * A page loaded on demand. Until its code is there, the router shows `HydrateFallback` in the page's
 * place: on a first visit, and in the frame the server sends for pages that depend on the visitor.
 */
const page = (load: Load, HydrateFallback: ComponentType = PageLoader, Guard?: ComponentType<{ children: ReactNode }>) => ({
  lazy: async () => {
    const { default: Page } = await load();
    return {
      Component: Guard
        ? () => (
            <Guard>
              <Page />
            </Guard>
          )
        : Page,
    };
  },
  HydrateFallback,
});

// The account page's site settings section: admins only, so customers never download it.
const SiteSettingsPanel = lazy(() => import('./features/admin/settings/SiteSettingsPanel'));

/** The account page with the sections other features give it. */
async function loadAccountPage() {
  const [{ default: AccountPage }, { WarrantySection }] = await Promise.all([
    import('./features/account/AccountPage'),
    import('./features/warranty/WarrantySection'),
  ]);
  return { default: () => <AccountPage warranty={<WarrantySection />} siteSettings={<SiteSettingsPanel />} /> };
}

/** The shop's pages, inside its frame. */
const storefrontPages: RouteObject[] = [
  { index: true, ...page(() => import('./features/home/HomePage')) },
  { path: 'productos', ...page(() => import('./features/catalog/CatalogPage')) },
  { path: 'producto/:id', ...page(() => import('./features/product/ProductPage')) },
  { path: 'como-germinar', ...page(() => import('./features/guide/GuidePage')) },
  { path: 'contacto', ...page(() => import('./features/legal/ContactPage')) },
  { path: 'terminos', ...page(() => import('./features/legal/LegalPage').then((m) => ({ default: m.TermsPage }))) },
  { path: 'privacidad', ...page(() => import('./features/legal/LegalPage').then((m) => ({ default: m.PrivacyPage }))) },
  {
    path: 'cambios-y-devoluciones',
    ...page(() => import('./features/legal/LegalPage').then((m) => ({ default: m.ReturnsPage }))),
  },
  { path: 'arrepentimiento', ...page(() => import('./features/legal/RevocationPage')) },
  { path: 'baja', ...page(() => import('./features/unsubscribe/UnsubscribePage')) },
  { path: 'carrito', ...page(() => import('./features/cart/CartPage'), CartSkeleton) },
  { path: 'garantia', ...page(() => import('./features/warranty/GuestWarrantyPage'), WarrantySkeleton) },
  { path: 'login', ...page(() => import('./features/auth/LoginPage'), LoginSkeleton, RedirectIfAuthenticated) },
  { path: 'crear-cuenta', ...page(() => import('./features/auth/RegisterPage'), RegisterSkeleton, RedirectIfAuthenticated) },
  { path: 'recuperar-contrasena', ...page(() => import('./features/auth/PasswordResetPage'), ResetSkeleton, RedirectIfAuthenticated) },
  {
    path: 'mi-cuenta',
    ...page(loadAccountPage, AccountSkeleton, RequireAuth),
    errorElement: <RouteError home="/mi-cuenta" homeLabel="Volver a Mi cuenta" />,
  },
  { path: '*', element: <Navigate to="/" replace /> },
];

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
