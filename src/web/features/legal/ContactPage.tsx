// /contacto: the channels the shop set (WhatsApp, e-mail, Instagram), its fiscal data, and the
// ways to exercise the customer's rights.
import { Link } from 'react-router';
import { CONSUMER_DEFENCE_URL, contactLinks } from '../../../domain/legal';
import { InstagramIcon, MailIcon, WhatsAppIcon } from '../../components/ui/icons';
import { useContactSettings } from '../../lib/contact';

const ICONS = { whatsapp: WhatsAppIcon, email: MailIcon, instagram: InstagramIcon } as const;
const ACTIONS = { whatsapp: 'Escríbenos por WhatsApp', email: 'Envíanos un email', instagram: 'Síguenos en Instagram' } as const;
const TEXT_LINK = 'font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900';

export default function ContactPage() {
  const contact = useContactSettings();
  const channels = contactLinks(contact.data);
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <p className="text-xs font-semibold uppercase tracking-widest text-brand-700">Estamos para ayudarte</p>
      <h1 className="mt-1 text-2xl font-extrabold tracking-tight text-stone-900 sm:text-3xl">Contacto</h1>
      <p className="mt-2 text-stone-600">Consultas sobre productos, pedidos, envíos o garantías: escríbenos por el canal que prefieras.</p>

      {contact.data && channels.length === 0 && (
        <p className="mt-6 rounded-lg bg-stone-100 px-4 py-3 text-stone-700">Pronto publicaremos nuestros canales de contacto.</p>
      )}
      <ul className="mt-6 grid gap-3 sm:grid-cols-2">
        {channels.map((channel) => {
          const Icon = ICONS[channel.kind];
          return (
            <li key={channel.kind}>
              <a
                href={channel.href}
                {...(channel.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                className="flex min-h-20 items-center gap-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm transition hover:border-brand-300 hover:shadow"
              >
                <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                  <Icon size={24} />
                </span>
                <span className="min-w-0">
                  <span className="block font-semibold text-stone-900">{ACTIONS[channel.kind]}</span>
                  <span className="block break-all text-sm text-stone-600">{channel.text}</span>
                </span>
              </a>
            </li>
          );
        })}
      </ul>

      {(contact.data?.business_name || contact.data?.cuit) && (
        <section className="mt-8 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
          <h2 className="font-semibold text-stone-900">Datos fiscales</h2>
          <dl className="mt-2 grid gap-1 text-sm text-stone-700 sm:grid-cols-[auto_1fr] sm:gap-x-4">
            {contact.data.business_name && (
              <>
                <dt className="font-medium">Razón social</dt>
                <dd>{contact.data.business_name}</dd>
              </>
            )}
            {contact.data.cuit && (
              <>
                <dt className="font-medium">CUIT</dt>
                <dd>{contact.data.cuit}</dd>
              </>
            )}
          </dl>
        </section>
      )}

      <section className="mt-8 rounded-2xl bg-brand-50 p-5 text-sm text-brand-950">
        <h2 className="font-semibold">Tus derechos como consumidor</h2>
        <p className="mt-2">
          Puedes revocar una compra dentro de los 10 días corridos desde que la recibiste con el{' '}
          <Link to="/arrepentimiento" className={TEXT_LINK}>
            Botón de arrepentimiento
          </Link>
          . Lee también nuestra política de{' '}
          <Link to="/cambios-y-devoluciones" className={TEXT_LINK}>
            cambios y devoluciones
          </Link>{' '}
          y, si lo necesitas, el{' '}
          <a href={CONSUMER_DEFENCE_URL} target="_blank" rel="noopener noreferrer" className={TEXT_LINK}>
            formulario de Defensa del Consumidor
          </a>
          .
        </p>
      </section>
    </div>
  );
}
