// The states of a Mi cuenta list before it shows items: a loader, an error with a retry, or an
// empty card that sends the customer to the shop.
import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';
import { PageLoader } from '../../components/PageLoader';
import { Alert } from '../../components/ui/Alert';
import { buttonClass } from '../../components/ui/Button';
import type { IconProps } from '../../components/ui/icons';

export function SectionStates({
  query,
  loadingLabel,
  errorTitle,
  empty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  loadingLabel: string;
  errorTitle: string;
  /** What shows when the list has nothing; null while it has items. */
  empty: ReactNode;
  children: ReactNode;
}) {
  if (query.isPending) return <PageLoader label={loadingLabel} />;
  if (query.isError) {
    return (
      <Alert tone="error" title={errorTitle}>
        <button type="button" className="font-semibold underline underline-offset-2" onClick={() => query.refetch()}>
          Reintentar
        </button>
      </Alert>
    );
  }
  return empty ?? children;
}

export function EmptySection({ icon: Icon, title, children }: { icon: ComponentType<IconProps>; title: ReactNode; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center">
      <Icon size={36} className="text-stone-400" />
      <p className="mt-3 font-semibold text-stone-900">{title}</p>
      {children}
      <Link to="/productos" className={buttonClass('primary', 'mt-5')}>
        Ir a la tienda
      </Link>
    </div>
  );
}
