// Sections of 'Configuración' other pages link to ('Primeros pasos' on 'Inicio'):
// /admin/configuracion#datos-de-pago, #contacto, #paginas-legales.
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';

export function SettingsSection({ id, className = '', children }: { id: string; className?: string; children: ReactNode }) {
  return (
    // Below the phones' sticky header when scrolled to.
    <div id={id} tabIndex={-1} className={`scroll-mt-20 outline-none lg:scroll-mt-4 ${className}`}>
      {children}
    </div>
  );
}

/**
 * Brings the section the address names into view and focus once the settings have loaded (their
 * panels change height as they arrive), once per address. A frame later: the layout scrolls every
 * new page to the top after this page's effects.
 */
export function useScrollToSection() {
  const { hash } = useLocation();
  const client = useQueryClient();
  const loading = useIsFetching() > 0;
  const shown = useRef('');
  useEffect(() => {
    // The panels start their queries in their own effects, after this render counted none.
    if (!hash || loading || client.isFetching() > 0 || shown.current === hash) return;
    const frame = requestAnimationFrame(() => {
      const section = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (!section) return;
      shown.current = hash;
      section.scrollIntoView({ behavior: 'smooth', block: 'start' });
      section.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [hash, loading, client]);
}
