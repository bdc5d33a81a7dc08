// /mi-cuenta (spec accounts-admin §2 account settings): a sidebar of sections chosen by the
// `section` query, logout, and the admin links for staff.
import type { Permission } from '../../../domain/staff-roles';
import { usePermissions } from '../../lib/permissions';
import { Suspense, useEffect, useRef, type ComponentType, type ReactNode, type SVGProps } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { PageLoader } from '../../components/PageLoader';
import { useSession } from '../../lib/session';
import { PageTitle } from '../../lib/page-title';
import { buttonClass } from '../../components/ui/Button';
import { BellIcon, ChevronRightIcon } from '../../components/ui/icons';
import { GridIcon, LogOutIcon, PackageIcon, SettingsIcon, ShieldLargeIcon } from '../../components/ui/account-icons';
import { OrdersSection } from './OrdersSection';
import { SettingsSection } from './SettingsSection';
import { StockAlertsSection } from './StockAlertsSection';

type Section = 'orders' | 'stock-alerts' | 'warranty' | 'settings' | 'maintenance';
type Icon = ComponentType<SVGProps<SVGSVGElement> & { size?: number }>;

const SECTIONS: { id: Section; label: string; icon: Icon; customersOnly?: boolean; adminsOnly?: boolean }[] = [
  { id: 'orders', label: 'Mis Pedidos', icon: PackageIcon },
  { id: 'stock-alerts', label: 'Avisos de stock', icon: BellIcon },
  { id: 'warranty', label: 'Garantía', icon: ShieldLargeIcon, customersOnly: true },
  { id: 'settings', label: 'Mi Cuenta', icon: SettingsIcon },
  { id: 'maintenance', label: 'Configuración', icon: GridIcon, adminsOnly: true },
];

const ADMIN_LINKS: { to: string; label: string; permission: Permission }[] = [
  { to: '/admin/productos', label: 'Productos', permission: 'can_manage_products' },
  { to: '/admin/pedidos', label: 'Pedidos', permission: 'can_view_orders' },
  { to: '/admin/bancos', label: 'Bancos', permission: 'can_manage_products' },
  { to: '/admin/actividad', label: 'Actividad', permission: 'can_view_activity' },
  { to: '/admin/garantias', label: 'Garantías', permission: 'can_manage_warranty' },
  { to: '/admin/usuarios', label: 'Usuarios', permission: 'can_manage_users' },
];

/** The warranty and site settings sections come from their own features, composed in routes.tsx. */
export default function AccountPage({ warranty, siteSettings }: { warranty: ReactNode; siteSettings: ReactNode }) {
  const { user, isAdmin, signOut } = useSession();
  // Only the sections the staff member's role opens.
  const { can } = usePermissions();
  const [params, setParams] = useSearchParams();
  const sections = SECTIONS.filter((s) => !(s.customersOnly && isAdmin) && !(s.adminsOnly && !isAdmin));
  const requested = params.get('section');
  const active: Section = sections.find((s) => s.id === requested)?.id ?? 'orders';
  const heading = useRef<HTMLHeadingElement>(null);
  const { state } = useLocation() as { state: { focusHeading?: boolean } | null };
  // Arriving from a form that is gone (the confirmed checkout): the focus starts here, not on <body>.
  useEffect(() => {
    if (state?.focusHeading) heading.current?.focus();
  }, [state]);

  async function logout() {
    await signOut();
    // spec accounts-admin §2: logout clears the stored session and reloads.
    window.location.assign('/');
  }

  const displayName = user ? `${user.first_name} ${user.last_name}`.trim() || user.username : '';
  const initials = (user?.first_name?.[0] ?? user?.username?.[0] ?? '?').toUpperCase() + (user?.last_name?.[0] ?? '').toUpperCase();

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-10">
      <PageTitle>Mi cuenta</PageTitle>
      <h1 ref={heading} tabIndex={-1} className="mb-4 text-2xl font-bold tracking-tight text-stone-900 sm:mb-6 sm:text-3xl">
        Mi cuenta
      </h1>
      {/* minmax(0, 1fr) columns: a long name, truncated in the card, must not widen the page. */}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[16rem_minmax(0,1fr)] lg:items-start">
        <aside className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm lg:sticky lg:top-24">
          <div className="flex items-center gap-3 border-b border-stone-200 pb-4">
            <span
              className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-800 font-semibold text-white"
              aria-hidden="true"
            >
              {initials}
            </span>
            <div className="min-w-0 flex-1">
              <p className="truncate font-semibold text-stone-900">{displayName}</p>
              <p className="truncate text-sm text-stone-600">@{user?.username}</p>
            </div>
            <button type="button" onClick={logout} className={buttonClass('ghost', 'px-3 text-red-700 hover:bg-red-50 lg:hidden')}>
              <LogOutIcon size={18} />
              <span className="sr-only sm:not-sr-only">Cerrar sesión</span>
            </button>
          </div>

          <nav aria-label="Secciones de la cuenta" className="mt-3">
            <ul className="grid auto-cols-fr grid-flow-col gap-1 lg:grid-flow-row">
              {sections.map(({ id, label, icon: SectionIcon }) => (
                <li key={id}>
                  <Link
                    to={`?section=${id}`}
                    onClick={(e) => {
                      e.preventDefault();
                      setParams({ section: id });
                    }}
                    aria-current={active === id ? 'page' : undefined}
                    className={`flex flex-col items-center gap-1 rounded-lg px-2 py-2 text-center text-xs font-medium transition sm:flex-row sm:gap-2.5 sm:px-3 sm:py-2.5 sm:text-left sm:text-sm ${
                      active === id ? 'bg-brand-50 text-brand-900' : 'text-stone-700 hover:bg-stone-100 hover:text-stone-900'
                    }`}
                  >
                    <SectionIcon size={18} className={active === id ? 'text-brand-700' : 'text-stone-500'} />
                    {label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>

          {isAdmin && (
            <nav aria-label="Administración" className="mt-3 border-t border-stone-200 pt-3">
              <p className="flex items-center gap-2 px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-stone-500">
                <GridIcon size={14} />
                Administración
              </p>
              <ul className="grid grid-cols-2 gap-1 lg:grid-cols-1">
                {ADMIN_LINKS.filter((link) => can(link.permission)).map((link) => (
                  <li key={link.to}>
                    <Link
                      to={link.to}
                      className="flex items-center justify-between rounded-lg px-3 py-2 text-sm text-stone-700 hover:bg-stone-100 hover:text-stone-900"
                    >
                      {link.label}
                      <ChevronRightIcon size={16} className="text-stone-400" />
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          )}

          <div className="mt-3 hidden border-t border-stone-200 pt-3 lg:block">
            <button type="button" onClick={logout} className={buttonClass('ghost', 'w-full justify-start text-red-700 hover:bg-red-50')}>
              <LogOutIcon size={18} />
              Cerrar sesión
            </button>
          </div>
        </aside>

        <div className="min-w-0">
          {active === 'orders' && <OrdersSection />}
          {active === 'stock-alerts' && <StockAlertsSection />}
          {active === 'settings' && <SettingsSection />}
          {active === 'warranty' && warranty}
          {active === 'maintenance' && <Suspense fallback={<PageLoader />}>{siteSettings}</Suspense>}
        </div>
      </div>
    </div>
  );
}
