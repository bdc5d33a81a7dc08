// 'Avisarme cuando haya stock' on a sold-out blister (issue 14): the customer asks for an
// e-mail when it comes back, and sees or cancels the request already open.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import { ApiError } from '../../lib/api';
import { useStockNotificationActions, useStockNotifications } from '../../lib/stock-notifications';
import { BellIcon, CheckIcon } from '../../components/ui/icons';

export function NotifyMe({ blisterId }: { blisterId: number }) {
  const notifications = useStockNotifications();
  const actions = useStockNotificationActions();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const open = notifications.data?.find((n) => n.blister_id === blisterId);

  async function run(work: () => Promise<unknown>, fallback: string) {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : fallback);
      // The blister got stock (409) or the request was closed meanwhile: show what is true now.
      if (error instanceof ApiError && (error.status === 409 || error.status === 404)) {
        await Promise.all([queryClient.invalidateQueries({ queryKey: ['products'] }), notifications.refetch()]);
      }
    } finally {
      setBusy(false);
    }
  }

  if (notifications.isPending) return <div className="mt-4 h-11 animate-pulse rounded-xl bg-stone-100" aria-hidden="true" />;

  return (
    <div className="mt-4" aria-live="polite">
      {open ? (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-brand-200 bg-brand-50 px-4 py-3">
          <p className="flex min-w-0 flex-1 items-center gap-2 text-sm font-semibold text-brand-900">
            <CheckIcon size={18} className="shrink-0" />
            Te avisaremos por e-mail
          </p>
          <button
            type="button"
            disabled={busy}
            onClick={() => void run(() => actions.cancel(open.id), 'No se pudo cancelar el aviso')}
            className="rounded-lg px-2 py-1 text-sm font-semibold text-stone-700 underline underline-offset-2 hover:text-red-700 disabled:opacity-60"
          >
            Cancelar aviso
          </button>
        </div>
      ) : (
        <button
          type="button"
          disabled={busy}
          onClick={() => void run(() => actions.request(blisterId), 'No se pudo guardar el aviso')}
          className="inline-flex w-full items-center justify-center gap-2 rounded-xl border-2 border-brand-700 bg-white px-6 py-3 text-base font-semibold text-brand-800 transition hover:bg-brand-50 disabled:opacity-60"
        >
          <BellIcon size={20} />
          Avisarme cuando haya stock
        </button>
      )}
    </div>
  );
}
