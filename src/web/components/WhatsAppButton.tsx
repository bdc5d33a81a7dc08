// The floating WhatsApp button of the storefront, shown when the shop has a number. Not on the
// cart: there the checkout buttons sit at the bottom of a phone's screen, and the order's own
// messages lead to WhatsApp. Nor in the customer's account: its orders have their own WhatsApp
// links, and the button would cover a line's delete button at the right edge.
import { useRef } from 'react';
import { useLocation } from 'react-router';
import { shopWhatsappUrl } from '../../domain/legal';
import { useContactSettings } from '../lib/contact';
import { useToastClearance } from '../lib/toast-clearance';
import { WhatsAppIcon } from './ui/icons';

const HIDDEN_ON = ['/carrito', '/mi-cuenta'];

export function WhatsAppButton() {
  const { data } = useContactSettings();
  const { pathname } = useLocation();
  const href = shopWhatsappUrl(data?.whatsapp_number, '¡Hola! Tengo una consulta');
  if (!href || HIDDEN_ON.includes(pathname.replace(/\/$/, ''))) return null;
  return <FloatingButton href={href} />;
}

function FloatingButton({ href }: { href: string }) {
  const link = useRef<HTMLAnchorElement>(null);
  // Toasts show above the button, not under it.
  useToastClearance(link);
  // A landmark of its own: every part of the page sits in one (axe 'region').
  return (
    <aside aria-label="WhatsApp de la tienda">
      <a
        ref={link}
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        aria-label="Escríbenos por WhatsApp (se abre en una pestaña nueva)"
        title="Escríbenos por WhatsApp"
        className="fixed bottom-4 right-4 z-30 flex h-14 w-14 items-center justify-center rounded-full bg-[#1f8f4e] text-white shadow-lg ring-2 ring-white transition hover:bg-[#187a41] focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 sm:bottom-6 sm:right-6"
      >
        <WhatsAppIcon size={28} />
      </a>
    </aside>
  );
}
