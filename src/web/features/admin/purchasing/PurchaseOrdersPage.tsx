// 'Compras' (issue 37): the purchase orders to the seed banks, newest first.
import { Link } from 'react-router';
import { PURCHASE_ORDER_STATUS_LABELS, purchaseOrderLabel } from '../../../../domain/purchasing';
import { errorMessage, formatArs, formatDate } from '../lib/format';
import { PageHeader, Panel } from '../ui/PageHeader';
import { usePurchaseOrders } from './api';
import { StatusBadge } from './StatusBadge';
import { LinkButton } from '../../../components/ui/Button';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';

export default function PurchaseOrdersPage() {
  const list = usePurchaseOrders();
  return (
    <div>
      <PageHeader
        title="Compras"
        subtitle="Órdenes de compra a los bancos: en borrador, enviadas y recibidas."
        actions={
          <LinkButton to="/admin/reponer" size="sm">
            Ver qué reponer
          </LinkButton>
        }
      />
      {list.isPending ? (
        <LoadingState label="Cargando compras..." />
      ) : list.isError ? (
        <ErrorState title={errorMessage(list.error)} onRetry={() => void list.refetch()} />
      ) : list.data.results.length === 0 ? (
        <EmptyState title="Todavía no hay compras">Empieza una desde 'Reponer', con lo que cada banco necesita.</EmptyState>
      ) : (
        <Panel>
          <ul className="divide-y divide-stone-100">
            {list.data.results.map((po) => (
              <li key={po.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <div className="min-w-0">
                  <Link to={`/admin/compras/${po.id}`} className="font-semibold text-stone-900 hover:underline">
                    {purchaseOrderLabel(po.number)} · {po.brand_name}
                  </Link>
                  <p className="text-xs text-stone-500">
                    {formatDate(po.created_at)} · {po.lines.reduce((n, l) => n + l.quantity, 0)} unidades
                    {po.total_cost > 0 ? ` · ${formatArs(po.total_cost)}` : ''}
                  </p>
                </div>
                <StatusBadge status={po.status} label={PURCHASE_ORDER_STATUS_LABELS[po.status]} />
              </li>
            ))}
          </ul>
        </Panel>
      )}
    </div>
  );
}
