// Shipping banner and the sticky header (spec storefront §2 header).
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useCart } from '../lib/cart-store';
import { useSession } from '../lib/session';
import { CartIcon, CloseIcon, ExternalIcon, MenuIcon, SearchIcon, ShieldIcon, SproutIcon, TruckIcon, UserIcon } from './ui/icons';
import { PhoneSearchBox, SearchBox } from './SearchBox';
import { ARTICLES_URL, SHOP_NAME } from './site';
import { HydrationSlice } from '../lib/hydration-slices';

// spec storefront §9: scroll threshold 50 px.
const SCROLL_THRESHOLD = 50;

const NAV_LINKS = [
  { label: 'Automáticas', to: '/productos?categories=automaticas' },
  { label: 'Feminizadas', to: '/productos?categories=feminizadas' },
  { label: 'Regulares', to: '/productos?categories=regulares' },
  { label: 'Ofertas', to: '/productos?category=ofertas' },
] as const;

export function ShippingBanner() {
  const items = [
    { icon: TruckIcon, text: 'Envíos a todo el país' },
    { icon: SproutIcon, text: 'Garantía de germinación en todos los productos' },
    { icon: ShieldIcon, text: '100% compra segura' },
  ];
  return (
    <section aria-label="Beneficios de compra" className="bg-brand-900 text-brand-50">
      <ul className="mx-auto flex max-w-7xl items-center justify-center gap-x-6 gap-y-1 overflow-hidden px-4 py-1.5 text-xs font-medium sm:px-6">
        {items.map(({ icon: Icon, text }, i) => (
          // On small screens only the first message fits; the others appear from md.
          <li key={text} className={`flex items-center gap-1.5 whitespace-nowrap ${i > 0 ? 'hidden md:flex' : ''}`}>
            <Icon size={14} className="text-accent-400" />
            {text}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** spec storefront §2: the username, or the part before the @ when it is an e-mail. */
export function accountLabel(username: string | undefined): string {
  if (!username) return 'Mi cuenta';
  return username.includes('@') ? username.split('@')[0] || 'Mi cuenta' : username;
}

function useScrolled(threshold: number): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return scrolled;
}

/** The phone's button that opens and closes a panel below the header (the menu, the search). */
function PanelToggle({
  open,
  labels: [closeLabel, openLabel],
  controls,
  icon,
  className,
  onClick,
}: {
  open: boolean;
  /** Its name while the panel is open, and while it is closed. */
  labels: [string, string];
  /** The panel's id. */
  controls: string;
  /** What it shows while the panel is closed; a cross while it is open. */
  icon: ReactNode;
  className: string;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={`rounded-lg p-2 text-stone-700 hover:bg-stone-100 ${className}`}
      aria-label={open ? closeLabel : openLabel}
      aria-expanded={open}
      aria-controls={controls}
      onClick={onClick}
    >
      {open ? <CloseIcon size={22} /> : icon}
    </button>
  );
}

export function Header() {
  const scrolled = useScrolled(SCROLL_THRESHOLD);
  const { status, user } = useSession();
  const { units } = useCart();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);

  useEffect(() => {
    setMenuOpen(false);
    setSearchOpen(false);
  }, [location.pathname, location.search]);

  // The phone's search field is shown and focused within the tap itself: a phone opens its
  // keyboard only for a focus the tap made, not for one after the next render.
  const mobileSearch = useRef<HTMLDivElement>(null);
  function toggleSearch() {
    const box = mobileSearch.current;
    if (!searchOpen && box) {
      box.hidden = false;
      box.querySelector('input')?.focus();
    }
    setSearchOpen((open) => !open);
  }

  const signedIn = status === 'authenticated' && !!user;
  const accountText = signedIn ? accountLabel(user.username) : 'Mi cuenta';
  const current = `${location.pathname}${location.search}`;

  return (
    <header
      data-scrolled={scrolled || undefined}
      className={`sticky top-0 z-40 border-b transition-[background-color,box-shadow] duration-200 ${
        scrolled ? 'border-transparent bg-white/95 shadow-md backdrop-blur' : 'border-stone-200 bg-white'
      }`}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:gap-4 sm:px-6">
        <PanelToggle
          open={menuOpen}
          labels={['Cerrar menú', 'Abrir menú']}
          controls="mobile-menu"
          icon={<MenuIcon size={22} />}
          className="-ml-2 lg:hidden"
          onClick={() => setMenuOpen((v) => !v)}
        />

        <Link to="/" className="flex shrink-0 items-center gap-2" aria-label={`${SHOP_NAME} - Inicio`}>
          <img src="/logo.svg" alt="" width={36} height={36} className="h-9 w-9" />
          <span className="text-base font-extrabold tracking-tight text-brand-900 sm:text-lg">{SHOP_NAME}</span>
        </Link>

        <HydrationSlice>
          <nav aria-label="Principal" className="ml-4 hidden lg:block">
            <ul className="flex items-center gap-1 text-sm font-medium">
              <li>
                <a
                  href={ARTICLES_URL}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="flex items-center gap-1 rounded-lg px-3 py-2 text-stone-700 hover:bg-brand-50 hover:text-brand-800"
                >
                  Artículos
                  <ExternalIcon size={13} />
                  <span className="sr-only">(se abre en una pestaña nueva)</span>
                </a>
              </li>
              {NAV_LINKS.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    aria-current={current === link.to ? 'page' : undefined}
                    className={`rounded-lg px-3 py-2 hover:bg-brand-50 hover:text-brand-800 ${
                      current === link.to ? 'bg-brand-50 text-brand-800' : link.label === 'Ofertas' ? 'text-red-700' : 'text-stone-700'
                    }`}
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </HydrationSlice>

        <HydrationSlice>
          <div className="ml-auto hidden w-full max-w-xs md:block">
            <SearchBox />
          </div>
        </HydrationSlice>

        <div className="ml-auto flex items-center gap-1 md:ml-0">
          <PanelToggle
            open={searchOpen}
            labels={['Cerrar búsqueda', 'Buscar']}
            controls="mobile-search"
            icon={<SearchIcon size={22} />}
            className="md:hidden"
            onClick={toggleSearch}
          />
          <Link
            to={signedIn ? '/mi-cuenta' : '/login'}
            className="flex items-center gap-2 rounded-lg p-2 text-sm font-medium text-stone-700 hover:bg-stone-100 sm:px-3"
            aria-label={signedIn ? `Mi cuenta: ${accountText}` : 'Mi cuenta'}
          >
            <UserIcon size={22} />
            <span className="hidden max-w-[9rem] truncate sm:inline">{accountText}</span>
          </Link>
          <Link
            to="/carrito"
            className="relative rounded-lg p-2 text-stone-700 hover:bg-stone-100"
            aria-label={`Carrito, ${units} ${units === 1 ? 'unidad' : 'unidades'}`}
          >
            <CartIcon size={22} />
            {units > 0 && (
              <span
                data-testid="cart-count"
                className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-700 px-1 text-[11px] font-bold text-white"
              >
                {units > 99 ? '99+' : units}
              </span>
            )}
          </Link>
        </div>
      </div>

      <div ref={mobileSearch} id="mobile-search" hidden={!searchOpen} className="border-t border-stone-200 bg-white px-4 py-3 md:hidden">
        <PhoneSearchBox onNavigate={() => setSearchOpen(false)} />
      </div>

      {menuOpen && (
        <nav
          id="mobile-menu"
          aria-label="Menú"
          className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-stone-200 bg-white lg:hidden"
        >
          <ul className="mx-auto flex max-w-7xl flex-col px-4 py-2 text-base font-medium sm:px-6">
            <li>
              <Link to="/productos" className="block rounded-lg px-3 py-3 text-stone-800 hover:bg-brand-50">
                Todo el catálogo
              </Link>
            </li>
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="block rounded-lg px-3 py-3 text-stone-800 hover:bg-brand-50">
                  {link.label}
                </Link>
              </li>
            ))}
            <li>
              <Link to="/como-germinar" className="block rounded-lg px-3 py-3 text-stone-800 hover:bg-brand-50">
                Garantía y Germinación
              </Link>
            </li>
            <li>
              <a
                href={ARTICLES_URL}
                target="_blank"
                rel="noopener noreferrer"
                className="flex items-center gap-2 rounded-lg px-3 py-3 text-stone-800 hover:bg-brand-50"
              >
                Artículos <ExternalIcon size={14} />
                <span className="sr-only">(se abre en una pestaña nueva)</span>
              </a>
            </li>
            <li className="mt-1 border-t border-stone-100 pt-1">
              <Link
                to={signedIn ? '/mi-cuenta' : '/login'}
                className="flex items-center gap-2 rounded-lg px-3 py-3 text-stone-800 hover:bg-brand-50"
              >
                <UserIcon size={18} /> {accountText}
              </Link>
            </li>
          </ul>
        </nav>
      )}
    </header>
  );
}
