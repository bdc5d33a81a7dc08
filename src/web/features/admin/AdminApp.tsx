// The admin area (/admin/*): its routing table and navigation. Each page is its own lazy chunk;
// nothing here is imported by storefront code.
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { PageLoader } from '../../components/PageLoader';
import { AdminLayout, type AdminNavItem } from './AdminLayout';
import { BankIcon, BoxIcon, ChartIcon, ClipboardIcon, GearIcon, PulseIcon, ShieldCheckIcon, UndoIcon, UsersIcon } from './ui/icons';

type Page = ComponentType | LazyExoticComponent<ComponentType>;

const DashboardPage = lazy(() => import('./dashboard/DashboardPage'));
const ProductListPage = lazy(() => import('./products/ProductListPage'));
const ProductFormPage = lazy(() => import('./products/ProductFormPage'));
const ImportPage = lazy(() => import('./products/ImportPage'));
const BankListPage = lazy(() => import('./banks/BankListPage'));
const BankFormPage = lazy(() => import('./banks/BankFormPage'));
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

/**
 * spec accounts-admin §2 admin children. To add a section, add its routes here and, when it has
 * a sidebar entry, a line in ADMIN_NAV.
 */
export const ADMIN_ROUTES: { path: string; page: Page }[] = [
  { path: 'productos', page: ProductListPage },
  { path: 'productos/nuevo', page: ProductFormPage },
  { path: 'productos/importar', page: ImportPage },
  { path: 'productos/editar/:productId', page: ProductFormPage },
  { path: 'pedidos', page: OrderListPage },
  { path: 'pedidos/nuevo', page: NewOrderPage },
  { path: 'pedidos/:orderId', page: OrderDetailPage },
  { path: 'bancos', page: BankListPage },
  { path: 'bancos/nuevo', page: BankFormPage },
  { path: 'bancos/editar/:id', page: BankFormPage },
  { path: 'marcas', page: BankListPage },
  { path: 'garantias', page: WarrantyClaimsPage },
  { path: 'arrepentimientos', page: RevocationsPage },
  { path: 'usuarios', page: UserListPage },
  { path: 'usuarios/:id', page: UserDetailPage },
  { path: 'actividad', page: ActivityPage },
  { path: 'configuracion', page: SettingsPage },
  { path: 'configuracion/envios', page: ShippingSettingsPage },
];

export const ADMIN_NAV: AdminNavItem[] = [
  { to: '/admin', label: 'Inicio', icon: ChartIcon, end: true },
  { to: '/admin/productos', label: 'Productos', icon: BoxIcon },
  { to: '/admin/pedidos', label: 'Pedidos', icon: ClipboardIcon, pendingOrders: true },
  { to: '/admin/bancos', label: 'Bancos', icon: BankIcon },
  { to: '/admin/garantias', label: 'Garantías', icon: ShieldCheckIcon, pendingClaims: true },
  { to: '/admin/arrepentimientos', label: 'Arrepentimientos', icon: UndoIcon },
  { to: '/admin/usuarios', label: 'Usuarios', icon: UsersIcon },
  { to: '/admin/actividad', label: 'Actividad', icon: PulseIcon },
  { to: '/admin/configuracion', label: 'Configuración', icon: GearIcon },
];

export default function AdminApp() {
  return (
    <Routes>
      {/* Packing slips and pick list: printed without the admin frame. */}
      <Route
        path="pedidos/imprimir"
        element={
          <Suspense fallback={<PageLoader />}>
            <PrintPage />
          </Suspense>
        }
      />
      <Route element={<AdminLayout nav={ADMIN_NAV} />}>
        <Route
          index
          element={
            <Suspense fallback={<PageLoader />}>
              <DashboardPage />
            </Suspense>
          }
        />
        {ADMIN_ROUTES.map(({ path, page: Page }) => (
          <Route
            key={path}
            path={path}
            element={
              <Suspense fallback={<PageLoader />}>
                <Page />
              </Suspense>
            }
          />
        ))}
        <Route path="*" element={<Navigate to="/admin" replace />} />
      </Route>
    </Routes>
  );
}
