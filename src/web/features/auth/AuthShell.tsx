import type { ReactNode } from 'react';

/** The centered card every login, registration and reset screen sits in. */
export function AuthShell({
  title,
  subtitle,
  icon,
  children,
  footer,
  wide,
}: {
  title: string;
  subtitle?: ReactNode;
  icon?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className="bg-gradient-to-b from-brand-50 to-stone-50 px-4 py-8 sm:py-14">
      <div className={`mx-auto w-full ${wide ? 'max-w-xl' : 'max-w-md'}`}>
        <div className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
          <div className="mb-6 text-center">
            {icon && (
              <div className="mx-auto mb-3 flex h-12 w-12 items-center justify-center rounded-full bg-brand-100 text-brand-800">{icon}</div>
            )}
            <h1 className="text-2xl font-bold tracking-tight text-stone-900">{title}</h1>
            {subtitle && <p className="mt-1.5 text-sm text-stone-600">{subtitle}</p>}
          </div>
          {children}
        </div>
        {footer && <div className="mt-6 text-center text-sm text-stone-600">{footer}</div>}
      </div>
    </div>
  );
}
