import { Link } from 'react-router';
import { CONSUMER_DEFENCE_URL, contactLinks, LEGAL_PAGE_LABELS } from '../../domain/legal';
import { useContactSettings } from '../lib/contact';
import { InstagramIcon, MailIcon, WhatsAppIcon } from './ui/icons';
import { SHOP_NAME } from './site';

const CHANNEL_ICONS = { whatsapp: WhatsAppIcon, email: MailIcon, instagram: InstagramIcon } as const;
const LINK = 'hover:text-white hover:underline';
const HEADING = 'text-sm font-semibold uppercase tracking-wide text-white';
const SHOP_LINKS = [
  { to: '/productos', label: 'Catálogo' },
  { to: '/productos?category=ofertas', label: 'Ofertas' },
  { to: '/como-germinar', label: 'Garantía y Germinación' },
  { to: '/mi-cuenta', label: 'Mi cuenta' },
];

export function Footer() {
  const year = new Date().getFullYear();
  const { data: contact } = useContactSettings();
  const channels = contactLinks(contact);
  const fiscal = contact?.business_name || contact?.cuit;
  // The social networks the shop set in 'Configuración' (Instagram is the one it can set).
  const social = channels.filter((channel) => channel.kind === 'instagram');
  return (
    <footer className="mt-16 bg-brand-950 text-brand-100">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div>
          <Link to="/" className="inline-flex items-center gap-2 text-lg font-bold text-white">
            <img src="/logo.svg" alt="" width={32} height={32} className="h-8 w-8" />
            {SHOP_NAME}
          </Link>
          <p className="mt-3 max-w-xs text-sm text-brand-200">
            Semillas de los mejores bancos nacionales e internacionales, con envíos a todo el país y garantía de germinación.
          </p>
          {social.length > 0 && (
            <ul className="mt-4 flex gap-3">
              {social.map((channel) => {
                const Icon = CHANNEL_ICONS[channel.kind];
                return (
                  <li key={channel.kind}>
                    <a
                      href={channel.href}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={`${channel.label} (se abre en una pestaña nueva)`}
                      className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-900 text-brand-100 transition hover:bg-brand-700 hover:text-white"
                    >
                      <Icon />
                    </a>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
        <nav aria-label="Enlaces del pie">
          <h2 className={HEADING}>Tienda</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {SHOP_LINKS.map(({ to, label }) => (
              <li key={to}>
                <Link className={LINK} to={to}>
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Información legal">
          <h2 className={HEADING}>Legales</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {(['terminos', 'privacidad', 'cambios-y-devoluciones'] as const).map((slug) => (
              <li key={slug}>
                <Link className={LINK} to={`/${slug}`}>
                  {LEGAL_PAGE_LABELS[slug]}
                </Link>
              </li>
            ))}
            <li>
              <a className={LINK} href={CONSUMER_DEFENCE_URL} target="_blank" rel="noopener noreferrer">
                Defensa de las y los consumidores
                <span className="sr-only"> (se abre en una pestaña nueva)</span>
              </a>
            </li>
          </ul>
          {/* Res. SCI 424/2020: visible, on every page, as easy to reach as the purchase. */}
          <Link
            to="/arrepentimiento"
            className="mt-4 inline-flex items-center rounded-lg border border-brand-100/70 px-3 py-2 text-sm font-semibold text-white transition hover:bg-white hover:text-brand-950"
          >
            Botón de arrepentimiento
          </Link>
        </nav>
        <div>
          <h2 className={HEADING}>Contacto</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {channels.map((channel) => {
              const Icon = CHANNEL_ICONS[channel.kind];
              return (
                <li key={channel.kind}>
                  <a
                    className={`inline-flex max-w-full items-center gap-2 break-all ${LINK}`}
                    href={channel.href}
                    {...(channel.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                  >
                    <Icon size={16} className="shrink-0" />
                    <span>
                      <span className="sr-only">{channel.label}: </span>
                      {channel.text}
                    </span>
                  </a>
                </li>
              );
            })}
            <li>
              <Link className={LINK} to="/contacto">
                Todos los canales de contacto
              </Link>
            </li>
          </ul>
          <p className="mt-4 text-xs text-brand-200">Venta exclusiva para mayores de 18 años.</p>
        </div>
      </div>
      <div className="border-t border-brand-900">
        {/* Room below on phones and nothing on the right: the floating WhatsApp button sits there. */}
        <div className="mx-auto flex max-w-7xl items-center gap-4 px-4 py-4 pb-24 text-xs text-brand-200 sm:px-6 sm:pb-4 sm:pr-24">
          {contact?.fiscal_image && (
            <img
              src={contact.fiscal_image}
              alt="Data fiscal (AFIP)"
              width={60}
              height={82}
              loading="lazy"
              className="h-[82px] w-[60px] shrink-0 rounded bg-white object-contain"
            />
          )}
          <div className="min-w-0 space-y-1">
            <p>
              © {year} {SHOP_NAME}. Todos los derechos reservados.
            </p>
            <p>Tienda online desarrollada para {SHOP_NAME}.</p>
            {fiscal && (
              <p>
                {contact?.business_name}
                {contact?.business_name && contact?.cuit && ' · '}
                {contact?.cuit && <>CUIT {contact.cuit}</>}
              </p>
            )}
          </div>
        </div>
      </div>
    </footer>
  );
}
