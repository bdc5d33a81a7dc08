// The admin area (/admin/*): its routing table and navigation. Each page is its own lazy chunk;
// nothing here is imported by storefront code.
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import type { Permission } from '../../../domain/staff-roles';
import { PageLoader } from '../../components/PageLoader';
import { DensityContext } from '../../components/ui/Button';
import { NoPermission, RequirePermission, usePermissions } from '../../lib/permissions';
import { AdminLayout, type AdminNavItem } from './AdminLayout';
import { PackageIcon, SettingsIcon } from '../../components/ui/account-icons';
import { BrandIcon, ChartIcon, ClipboardIcon, PulseIcon, RefreshIcon, UndoIcon, UsersIcon } from '../../components/ui/admin-icons';
import { CartIcon, TagIcon, ShieldIcon } from '../../components/ui/icons';
import './admin.css';

type Page = ComponentType | LazyExoticComponent<ComponentType>;

const DashboardPage = lazy(() => import('./dashboard/DashboardPage'));
const ProductListPage = lazy(() => import('./products/ProductListPage'));
const ProductFormPage = lazy(() => import('./products/ProductFormPage'));
const ImportPage = lazy(() => import('./products/ImportPage'));
const BrandListPage = lazy(() => import('./brands/BrandListPage'));
const BrandFormPage = lazy(() => import('./brands/BrandFormPage'));
const CouponsPage = lazy(() => import('./coupons/CouponsPage'));
const OrderListPage = lazy(() => import('./orders/OrderListPage'));
const NewOrderPage = lazy(() => import('./orders/NewOrderPage'));
const OrderDetailPage = lazy(() => import('./orders/OrderDetailPage'));
const PrintPage = lazy(() => import('./orders/PrintPage'));
const WarrantyClaimsPage = lazy(() => import('./warranty/WarrantyClaimsPage'));
const RevocationsPage = lazy(() => import('./revocations/RevocationsPage'));
const UserListPage = lazy(() => import('./users/UserListPage'));
const UserDetailPage = lazy(() => import('./users/UserDetailPage'));
const ActivityPage = lazy(() => import('./activity/ActivityPage'));
const SettingsPage = lazy(() => import('./settings/SettingsPage'));
const ShippingSettingsPage = lazy(() => import('./settings/ShippingSettingsPage'));
const RestockPage = lazy(() => import('./purchasing/RestockPage'));
const PurchaseOrdersPage = lazy(() => import('./purchasing/PurchaseOrdersPage'));
const PurchaseOrderPage = lazy(() => import('./purchasing/PurchaseOrderPage'));
const PurchaseOrderPrintPage = lazy(() => import('./purchasing/PurchaseOrderPrintPage'));
const ReportsPage = lazy(() => import('./purchasing/ReportsPage'));

/**
 * spec accounts-admin §2 admin children. To add a section, add its routes here and, when it has
 * a sidebar entry, a line in ADMIN_NAV.
 */
export const ADMIN_ROUTES: { path: string; page: Page; permission: Permission }[] = [
  { path: 'productos', page: ProductListPage, permission: 'can_manage_products' },
  { path: 'productos/nuevo', page: ProductFormPage, permission: 'can_manage_products' },
  { path: 'productos/importar', page: ImportPage, permission: 'can_manage_products' },
  { path: 'productos/editar/:productId', page: ProductFormPage, permission: 'can_manage_products' },
  { path: 'pedidos', page: OrderListPage, permission: 'can_view_orders' },
  { path: 'pedidos/nuevo', page: NewOrderPage, permission: 'can_manage_orders' },
  { path: 'pedidos/:orderId', page: OrderDetailPage, permission: 'can_view_orders' },
  { path: 'bancos', page: BrandListPage, permission: 'can_manage_products' },
  { path: 'bancos/nuevo', page: BrandFormPage, permission: 'can_manage_products' },
  { path: 'bancos/editar/:id', page: BrandFormPage, permission: 'can_manage_products' },
  { path: 'marcas', page: BrandListPage, permission: 'can_manage_products' },
  { path: 'cupones', page: CouponsPage, permission: 'can_manage_products' },
  { path: 'reponer', page: RestockPage, permission: 'can_manage_purchasing' },
  { path: 'compras', page: PurchaseOrdersPage, permission: 'can_manage_purchasing' },
  { path: 'compras/:id', page: PurchaseOrderPage, permission: 'can_manage_purchasing' },
  { path: 'reportes', page: ReportsPage, permission: 'can_manage_purchasing' },
  { path: 'garantias', page: WarrantyClaimsPage, permission: 'can_manage_warranty' },
  { path: 'arrepentimientos', page: RevocationsPage, permission: 'can_manage_orders' },
  { path: 'usuarios', page: UserListPage, permission: 'can_manage_users' },
  { path: 'usuarios/:id', page: UserDetailPage, permission: 'can_manage_users' },
  { path: 'actividad', page: ActivityPage, permission: 'can_view_activity' },
  { path: 'configuracion', page: SettingsPage, permission: 'can_manage_settings' },
  { path: 'configuracion/envios', page: ShippingSettingsPage, permission: 'can_manage_settings' },
];

export const ADMIN_NAV: AdminNavItem[] = [
  { to: '/admin', label: 'Inicio', icon: ChartIcon, end: true, permission: 'can_view_dashboard' },
  { to: '/admin/productos', label: 'Productos', icon: PackageIcon, permission: 'can_manage_products' },
  { to: '/admin/pedidos', label: 'Pedidos', icon: ClipboardIcon, pendingOrders: true, permission: 'can_view_orders' },
  { to: '/admin/bancos', label: 'Bancos', icon: BrandIcon, permission: 'can_manage_products' },
  { to: '/admin/cupones', label: 'Cupones', icon: TagIcon, permission: 'can_manage_products' },
  { to: '/admin/reponer', label: 'Reponer', icon: RefreshIcon, permission: 'can_manage_purchasing' },
  { to: '/admin/compras', label: 'Compras', icon: CartIcon, permission: 'can_manage_purchasing' },
  { to: '/admin/reportes', label: 'Reportes', icon: ChartIcon, permission: 'can_manage_purchasing' },
  { to: '/admin/garantias', label: 'Garantías', icon: ShieldIcon, pendingClaims: true, permission: 'can_manage_warranty' },
  { to: '/admin/arrepentimientos', label: 'Arrepentimientos', icon: UndoIcon, permission: 'can_manage_orders' },
  { to: '/admin/usuarios', label: 'Usuarios', icon: UsersIcon, permission: 'can_manage_users' },
  { to: '/admin/actividad', label: 'Actividad', icon: PulseIcon, permission: 'can_view_activity' },
  { to: '/admin/configuracion', label: 'Configuración', icon: SettingsIcon, permission: 'can_manage_settings' },
];

/** The admin's first page for this role: the dashboard, or the first section it may open. */
function AdminHome({ nav }: { nav: AdminNavItem[] }) {
  const { ready, can } = usePermissions();
  if (!ready) return <PageLoader />;
  if (can('can_view_dashboard')) {
    return (
      <Suspense fallback={<PageLoader />}>
        <DashboardPage />
      </Suspense>
    );
  }
  const first = nav.find((item) => item.to !== '/admin');
  return first ? <Navigate to={first.to} replace /> : <NoPermission />;
}

export default function AdminApp() {
  const { can } = usePermissions();
  // The sidebar shows only what the role may open.
  const nav = ADMIN_NAV.filter((item) => !item.permission || can(item.permission));
  return (
    // The back office draws the kit in its compact sizes.
    <DensityContext value="compact">
      <Routes>
        {/* Packing slips and pick list: printed without the admin frame. */}
        <Route
          path="pedidos/imprimir"
          element={
            <RequirePermission permission="can_view_orders">
              <Suspense fallback={<PageLoader />}>
                <PrintPage />
              </Suspense>
            </RequirePermission>
          }
        />
        {/* A purchase order for the bank, printed without the admin frame. */}
        <Route
          path="compras/:id/imprimir"
          element={
            <RequirePermission permission="can_manage_purchasing">
              <Suspense fallback={<PageLoader />}>
                <PurchaseOrderPrintPage />
              </Suspense>
            </RequirePermission>
          }
        />
        <Route element={<AdminLayout nav={nav} />}>
          <Route index element={<AdminHome nav={nav} />} />
          {ADMIN_ROUTES.map(({ path, page: Page, permission }) => (
            <Route
              key={path}
              path={path}
              element={
                <RequirePermission permission={permission}>
                  <Suspense fallback={<PageLoader />}>
                    <Page />
                  </Suspense>
                </RequirePermission>
              }
            />
          ))}
          <Route path="*" element={<Navigate to="/admin" replace />} />
        </Route>
      </Routes>
    </DensityContext>
  );
}
