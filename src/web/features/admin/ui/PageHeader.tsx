import { useEffect, type ReactNode } from 'react';
import { documentTitle } from '../../../lib/page-title';
import { usePendingOrdersCount } from '../lib/pending-orders';

/** The title row of an admin page, with its actions on the right (below on phones). */
export function PageHeader({
  title,
  subtitle,
  actions,
  back,
}: {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
  back?: ReactNode;
}) {
  // The pending orders first, so a tab left open shows new ones: '(3) Lista de Pedidos - …'.
  const pending = usePendingOrdersCount();
  useEffect(() => {
    document.title = documentTitle(`${title} - Administración`, pending);
  }, [title, pending]);
  return (
    <div className="mb-5 flex flex-wrap items-end justify-between gap-3">
      <div className="min-w-[12rem] flex-1">
        {back}
        <h1 className="text-xl font-bold tracking-tight text-stone-900 sm:text-2xl">{title}</h1>
        {subtitle && <p className="mt-0.5 text-sm text-stone-600">{subtitle}</p>}
      </div>
      {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </div>
  );
}

/** A white panel grouping part of a page or form. */
export function Panel({
  title,
  description,
  children,
  className = '',
  actions,
}: {
  title?: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  actions?: ReactNode;
}) {
  return (
    <section className={`rounded-xl border border-stone-200 bg-white shadow-xs ${className}`}>
      {(title || actions) && (
        <header className="flex flex-wrap items-center justify-between gap-2 border-b border-stone-200 px-4 py-3">
          <div>
            {title && <h2 className="text-sm font-semibold text-stone-900">{title}</h2>}
            {description && <p className="text-xs text-stone-500">{description}</p>}
          </div>
          {actions}
        </header>
      )}
      <div className="p-4">{children}</div>
    </section>
  );
}
