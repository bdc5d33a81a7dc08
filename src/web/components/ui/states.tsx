// Loading, empty and error blocks of the lists (the back office's).
import type { ReactNode } from 'react';
import { RefreshIcon, WarningIcon } from './admin-icons';
import { Button, Spinner } from './Button';

export function LoadingState({ label = 'Cargando...' }: { label?: string }) {
  return (
    <div className="flex items-center justify-center gap-3 py-16 text-sm text-stone-600" role="status" aria-live="polite">
      <Spinner className="h-6 w-6 text-brand-700" />
      {label}
    </div>
  );
}

export function EmptyState({ title, children, icon }: { title: string; children?: ReactNode; icon?: ReactNode }) {
  return (
    <div className="flex flex-col items-center justify-center gap-2 rounded-xl border border-dashed border-stone-300 bg-white px-6 py-14 text-center">
      {icon && <div className="text-stone-400">{icon}</div>}
      <p className="text-base font-semibold text-stone-800">{title}</p>
      {children && <div className="text-sm text-stone-600">{children}</div>}
    </div>
  );
}

export function ErrorState({
  title,
  detail,
  onRetry,
  retrying,
}: {
  title: string;
  detail?: string;
  onRetry?: () => void;
  retrying?: boolean;
}) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-xl border border-red-200 bg-red-50 px-6 py-10 text-center">
      <WarningIcon size={28} className="text-red-600" />
      <p className="font-semibold text-red-800">{title}</p>
      {detail && <p className="text-sm text-red-700">{detail}</p>}
      {onRetry && (
        <Button variant="secondary" onClick={onRetry} loading={retrying} loadingText="Reintentando...">
          <RefreshIcon size={16} />
          Reintentar
        </Button>
      )}
    </div>
  );
}

interface ListQuery {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
}

/** A list's answer until it has items to show: a spinner, an error with a retry (while nothing is
 * shown yet), or `empty`; then `children`. */
export function ListStates({
  query,
  count,
  loadingLabel,
  errorTitle,
  empty,
  children,
}: {
  query: ListQuery;
  /** How many items are shown. */
  count: number;
  loadingLabel: string;
  errorTitle: string;
  empty: ReactNode;
  children: ReactNode;
}) {
  if (query.isPending) return <LoadingState label={loadingLabel} />;
  if (query.isError && !count) {
    return <ErrorState title={errorTitle} detail={query.error?.message} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  return count ? children : empty;
}

/** The button under a list that reads page by page, while the server has more. */
export function LoadMore({
  query,
  label,
  className = 'mt-5',
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
  label: string;
  /** The space above it. */
  className?: string;
}) {
  if (!query.hasNextPage) return null;
  return (
    <div className={`${className} flex justify-center`}>
      <Button variant="secondary" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage} loadingText="Cargando...">
        {label}
      </Button>
    </div>
  );
}
