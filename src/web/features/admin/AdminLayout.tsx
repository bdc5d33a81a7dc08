// The back-office frame: a sidebar on desktop, a top bar with a drawer on phones, and the page.
import type { Permission } from '../../../domain/staff-roles';
import { useEffect, useState, type ComponentType } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { SHOP_NAME } from '../../components/site';
import { useModalDialog } from '../../components/Modal';
import { useSession } from '../../lib/session';
import { PendingOrdersContext, usePendingOrdersCount } from './lib/pending-orders';
import { useLiveOrderCounts } from './orders/api';
import { usePendingClaimsCount } from './warranty/api';
import { MenuIcon, type IconProps, CloseIcon } from '../../components/ui/icons';
import { StoreIcon } from '../../components/ui/admin-icons';
import { jumpTo } from '../../lib/navigation';

export interface AdminNavItem {
  to: string;
  label: string;
  icon: ComponentType<IconProps>;
  /** Active only on its own path, not on the paths below it. */
  end?: boolean;
  /** Shows the live count of pending orders next to the label. */
  pendingOrders?: boolean;
  /** Shows the count of warranty claims waiting for review next to the label. */
  pendingClaims?: boolean;
  /** What the role needs to see the entry (src/domain/staff-roles.ts). */
  permission?: Permission;
}

function PendingBadge({ count, label, className = '' }: { count: number; label: string; className?: string }) {
  return (
    <span className={`rounded-full bg-accent-400 px-1.5 py-0.5 text-xs font-bold tabular-nums leading-none text-stone-950 ${className}`}>
      {count}
      <span className="sr-only"> {label}</span>
    </span>
  );
}

function NavList({ items, onNavigate }: { items: AdminNavItem[]; onNavigate?: () => void }) {
  const pending = usePendingOrdersCount();
  const claims = usePendingClaimsCount();
  return (
    <ul className="flex flex-col gap-0.5">
      {items.map(({ to, label, icon: Icon, end, pendingOrders, pendingClaims }) => (
        <li key={to}>
          <NavLink
            to={to}
            end={end}
            onClick={onNavigate}
            className={({ isActive }) =>
              `flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition ${
                isActive ? 'bg-white/10 text-white' : 'text-stone-300 hover:bg-white/5 hover:text-white'
              }`
            }
          >
            {({ isActive }) => (
              <>
                <Icon size={18} className={isActive ? 'text-accent-400' : 'text-stone-400'} />
                {label}
                {pendingOrders && !!pending && <PendingBadge count={pending} label="por atender" className="ml-auto" />}
                {pendingClaims && !!claims && (
                  <PendingBadge count={claims} label={claims === 1 ? 'pendiente' : 'pendientes'} className="ml-auto" />
                )}
              </>
            )}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

function SidebarContent({ items, onNavigate }: { items: AdminNavItem[]; onNavigate?: () => void }) {
  const { user } = useSession();
  const name = user ? `${user.first_name} ${user.last_name}`.trim() || user.username : '';
  return (
    <div className="flex h-full flex-col">
      <Link to="/admin" onClick={onNavigate} className="flex items-center gap-2.5 px-4 py-4">
        <img src="/logo.svg" alt="" width={32} height={32} className="h-8 w-8" />
        <span className="leading-tight">
          <span className="block text-sm font-bold text-white">{SHOP_NAME}</span>
          <span className="block text-xs text-stone-400">Administración</span>
        </span>
      </Link>
      <nav aria-label="Administración" className="flex-1 overflow-y-auto px-3 py-2">
        <NavList items={items} onNavigate={onNavigate} />
      </nav>
      <div className="border-t border-white/10 p-3">
        <Link
          to="/"
          className="flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-stone-300 transition hover:bg-white/5 hover:text-white"
        >
          <StoreIcon size={18} className="text-stone-400" />
          Volver a la tienda
        </Link>
        {user && (
          <Link to="/mi-cuenta" onClick={onNavigate} className="mt-1 flex items-center gap-3 rounded-lg px-3 py-2 hover:bg-white/5">
            <span
              className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-700 text-xs font-bold uppercase text-white"
              aria-hidden="true"
            >
              {(user.first_name[0] ?? user.username[0] ?? '?') + (user.last_name[0] ?? '')}
            </span>
            <span className="min-w-0 leading-tight">
              <span className="block truncate text-sm font-medium text-white">{name}</span>
              <span className="block truncate text-xs text-stone-400">Mi cuenta</span>
            </span>
          </Link>
        )}
      </div>
    </div>
  );
}

/** The phone drawer: a native modal <dialog>, so focus stays inside and Escape closes it. */
function Drawer({ open, onClose, items }: { open: boolean; onClose: () => void; items: AdminNavItem[] }) {
  const dialog = useModalDialog(open, onClose);
  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- a click on the backdrop closes the dialog; the keyboard closes it with Escape, natively
    <dialog
      {...dialog}
      aria-label="Menú de administración"
      onClick={(e) => e.target === e.currentTarget && onClose()}
      className="m-0 h-dvh max-h-dvh w-72 max-w-[85vw] bg-stone-900 p-0 backdrop:bg-stone-950/60 lg:hidden"
    >
      {open && (
        <div className="relative h-full">
          <button
            type="button"
            onClick={onClose}
            className="absolute right-2 top-3 rounded-lg p-2 text-stone-300 hover:bg-white/10 hover:text-white"
            aria-label="Cerrar menú"
          >
            <CloseIcon />
          </button>
          <SidebarContent items={items} onNavigate={onClose} />
        </div>
      )}
    </dialog>
  );
}

export function AdminLayout({ nav }: { nav: AdminNavItem[] }) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();
  const current = nav.find((item) => (item.end ? pathname.replace(/\/$/, '') === item.to : pathname.startsWith(item.to)));
  // The orders that need the shop: awaiting payment or paid, not shipped yet (domain/order-lifecycle.ts).
  const pending = useLiveOrderCounts()?.needs_shop;

  // spec accounts-admin §2: every navigation scrolls to the top.
  useEffect(() => {
    jumpTo(0);
  }, [pathname]);

  return (
    <PendingOrdersContext value={pending}>
      <div className="min-h-screen bg-stone-100 text-stone-900">
        <a
          href="#admin-contenido"
          className="sr-only z-50 rounded-lg bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:left-2 focus:top-2"
        >
          Saltar al contenido
        </a>
        <aside className="fixed inset-y-0 left-0 z-30 hidden w-60 bg-stone-900 lg:block">
          <SidebarContent items={nav} />
        </aside>

        <header className="sticky top-0 z-20 flex h-14 items-center gap-2 border-b border-stone-200 bg-white px-3 lg:hidden">
          <button
            type="button"
            onClick={() => setDrawerOpen(true)}
            className="rounded-lg p-2 text-stone-700 hover:bg-stone-100"
            aria-expanded={drawerOpen}
          >
            <span className="sr-only">Abrir menú de administración</span>
            <span className="relative block">
              <MenuIcon />
              {!!pending && (
                <span className="absolute -right-2 -top-2 rounded-full bg-accent-400 px-1 text-[0.625rem] font-bold leading-4 text-stone-950">
                  {pending}
                  <span className="sr-only"> {pending === 1 ? 'pedido por atender' : 'pedidos por atender'}</span>
                </span>
              )}
            </span>
          </button>
          <img src="/logo.svg" alt="" width={28} height={28} className="h-7 w-7" />
          <p className="min-w-0 flex-1 truncate text-sm font-semibold">
            Administración{current ? <span className="font-normal text-stone-500"> · {current.label}</span> : null}
          </p>
          <Link
            to="/"
            className="rounded-lg p-2 text-stone-700 hover:bg-stone-100"
            aria-label="Volver a la tienda"
            title="Volver a la tienda"
          >
            <StoreIcon />
          </Link>
        </header>
        <Drawer open={drawerOpen} onClose={() => setDrawerOpen(false)} items={nav} />

        <main id="admin-contenido" className="lg:pl-60">
          <div className="mx-auto max-w-7xl px-3 py-4 sm:px-6 sm:py-6">
            <Outlet />
          </div>
        </main>
      </div>
    </PendingOrdersContext>
  );
}
