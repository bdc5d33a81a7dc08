// 'Avisos de stock' (issue 14): the customer's open 'Avisarme cuando haya stock' requests, each
// with its product link and a cancel button.
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../lib/toast';
import { ApiError } from '../../lib/api';
import { Thumbnail } from '../../components/Thumbnail';
import { formatDateTime } from '../../../domain/dates';
import { useStockNotificationActions, useStockNotifications, type StockNotificationDto } from '../../lib/stock-notifications';
import { buttonClass } from '../../components/ui/Button';
import { BellIcon } from '../../components/ui/icons';
import { EmptySection, SectionStates } from './SectionStates';

export function StockAlertsSection() {
  const notifications = useStockNotifications();
  const actions = useStockNotificationActions();
  const [cancelling, setCancelling] = useState<number | null>(null);

  async function cancel(notification: StockNotificationDto) {
    setCancelling(notification.id);
    try {
      await actions.cancel(notification.id);
      toast.success('Aviso cancelado');
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : 'No se pudo cancelar el aviso');
      await notifications.refetch();
    } finally {
      setCancelling(null);
    }
  }

  return (
    <section aria-labelledby="stock-alerts-heading">
      <h2 id="stock-alerts-heading" className="text-xl font-bold text-stone-900">
        Avisos de stock
      </h2>
      <p className="mt-1 text-sm text-stone-600">Te enviaremos un e-mail cuando vuelva a haber stock de estas presentaciones.</p>
      <div className="mt-4">
        <SectionStates
          query={notifications}
          loadingLabel="Cargando avisos..."
          errorTitle="Error al cargar tus avisos de stock"
          empty={
            notifications.data?.length === 0 ? (
              <EmptySection icon={BellIcon} title="No tienes avisos de stock">
                <p className="mt-1 max-w-sm text-sm text-stone-600">
                  En un producto sin stock, elige la presentación y pulsa «Avisarme cuando haya stock».
                </p>
              </EmptySection>
            ) : null
          }
        >
          <ul className="divide-y divide-stone-100 overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm">
            {(notifications.data ?? []).map((n) => (
              <li key={n.id} className="flex items-center gap-3 px-4 py-3 sm:px-5">
                <Thumbnail src={n.image} size={56} className="h-14 w-14 shrink-0 rounded-lg border border-stone-200 object-contain" />
                <div className="min-w-0 flex-1">
                  <Link to={`/producto/${n.product_id}`} className="font-medium text-stone-900 hover:text-brand-800 hover:underline">
                    {n.product_name}
                  </Link>
                  <p className="text-sm text-stone-600">
                    {n.brand} · {n.seed_count} {n.seed_count === 1 ? 'semilla' : 'semillas'}
                  </p>
                  <p className="text-xs text-stone-500">
                    Solicitado el <time dateTime={n.created_at}>{formatDateTime(n.created_at)}</time>
                  </p>
                </div>
                <button
                  type="button"
                  onClick={() => void cancel(n)}
                  disabled={cancelling === n.id}
                  className={buttonClass('dangerOutline', 'shrink-0', 'md')}
                  aria-label={`Cancelar el aviso de ${n.product_name}, ${n.seed_count} semillas`}
                >
                  Cancelar
                </button>
              </li>
            ))}
          </ul>
        </SectionStates>
      </div>
    </section>
  );
}
