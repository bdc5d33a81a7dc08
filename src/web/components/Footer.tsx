import { Link } from 'react-router';
import { FacebookIcon, InstagramIcon } from './ui/icons';
import { SHOP_NAME, SOCIAL_LINKS } from './site';

const SOCIAL_ICONS = { Instagram: InstagramIcon, Facebook: FacebookIcon } as const;

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="mt-16 bg-brand-950 text-brand-100">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-3">
        <div>
          <Link to="/" className="inline-flex items-center gap-2 text-lg font-bold text-white">
            <img src="/logo.svg" alt="" width={32} height={32} className="h-8 w-8" />
            {SHOP_NAME}
          </Link>
          <p className="mt-3 max-w-xs text-sm text-brand-200">
            Semillas de los mejores bancos nacionales e internacionales, con envíos a todo el país y garantía de germinación.
          </p>
        </div>
        <nav aria-label="Enlaces del pie">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Tienda</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <Link className="hover:text-white hover:underline" to="/productos">
                Catálogo
              </Link>
            </li>
            <li>
              <Link className="hover:text-white hover:underline" to="/productos?category=ofertas">
                Ofertas
              </Link>
            </li>
            <li>
              <Link className="hover:text-white hover:underline" to="/como-germinar">
                Garantía y Germinación
              </Link>
            </li>
            <li>
              <Link className="hover:text-white hover:underline" to="/mi-cuenta">
                Mi cuenta
              </Link>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Síguenos</h2>
          <ul className="mt-3 flex gap-3">
            {SOCIAL_LINKS.map(({ name, href }) => {
              const Icon = SOCIAL_ICONS[name];
              return (
                <li key={name}>
                  <a
                    href={href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`${name} (se abre en una pestaña nueva)`}
                    className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-900 text-brand-100 transition hover:bg-brand-700 hover:text-white"
                  >
                    <Icon />
                  </a>
                </li>
              );
            })}
          </ul>
          <p className="mt-4 text-xs text-brand-200">Venta exclusiva para mayores de 18 años.</p>
        </div>
      </div>
      <div className="border-t border-brand-900">
        <div className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-4 text-xs text-brand-200 sm:flex-row sm:justify-between sm:px-6">
          <p>
            © {year} {SHOP_NAME}. Todos los derechos reservados.
          </p>
          <p>Tienda online desarrollada para {SHOP_NAME}.</p>
        </div>
      </div>
    </footer>
  );
}
