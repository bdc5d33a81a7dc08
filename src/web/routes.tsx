// Every screen of the shop; each page is its own chunk, the admin area a separate one. The same
// table serves the browser router and the server's first render (entry-server.tsx).
import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { Layout } from './components/Layout';
import { RedirectIfAuthenticated, RequireAdmin, RequireAuth } from './lib/guards';
import { MaintenanceGuard } from './lib/MaintenanceGuard';

// The account page's site settings section: admins only, so customers never download it.
const SiteSettingsPanel = lazy(() => import('./features/admin/settings/SiteSettingsPanel'));

const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({ Component: (await load()).default });

export const routes: RouteObject[] = [
  {
    path: '/maintenance',
    lazy: page(() => import('./features/maintenance/MaintenancePage')),
  },
  {
    // The back office has its own frame (sidebar, no shop header or age gate).
    path: '/admin/*',
    lazy: async () => {
      const { default: AdminApp } = await import('./features/admin/AdminApp');
      return { Component: () => <RequireAdmin><AdminApp /></RequireAdmin> };
    },
  },
  {
    element: <MaintenanceGuard><Layout /></MaintenanceGuard>,
    children: [
      { index: true, lazy: page(() => import('./features/home/HomePage')) },
      { path: 'productos', lazy: page(() => import('./features/catalog/CataloguePage')) },
      { path: 'producto/:id', lazy: page(() => import('./features/product/ProductPage')) },
      { path: 'como-germinar', lazy: page(() => import('./features/guide/GuidePage')) },
      { path: 'carrito', lazy: page(() => import('./features/cart/CartPage')) },
      { path: 'garantia', lazy: page(() => import('./features/warranty/GuestWarrantyPage')) },
      {
        path: 'login',
        lazy: async () => {
          const { default: LoginPage } = await import('./features/auth/LoginPage');
          return { Component: () => <RedirectIfAuthenticated><LoginPage /></RedirectIfAuthenticated> };
        },
      },
      {
        path: 'crear-cuenta',
        lazy: async () => {
          const { default: RegisterPage } = await import('./features/auth/RegisterPage');
          return { Component: () => <RedirectIfAuthenticated><RegisterPage /></RedirectIfAuthenticated> };
        },
      },
      {
        path: 'recuperar-contrasena',
        lazy: async () => {
          const { default: ResetPage } = await import('./features/auth/PasswordResetPage');
          return { Component: () => <RedirectIfAuthenticated><ResetPage /></RedirectIfAuthenticated> };
        },
      },
      {
        path: 'mi-cuenta',
        lazy: async () => {
          const [{ default: AccountPage }, { WarrantySection }] = await Promise.all([
            import('./features/account/AccountPage'),
            import('./features/warranty/WarrantySection'),
          ]);
          return { Component: () => <RequireAuth><AccountPage warranty={<WarrantySection />} siteSettings={<SiteSettingsPanel />} /></RequireAuth> };
        },
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];
