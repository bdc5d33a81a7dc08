// 'Lista de Pedidos' (spec accounts-admin §2 admin orders): status tabs with counts, date and
// customer filters, order and fulfilment step kept in the URL, order cards or a dense table (the
// choice remembered), details, status and delete modals, load more, an `orderId` query that
// opens one order. Issue 13: selection with bulk actions, print and CSV export; new orders
// appear by themselves (the counts poll in useLiveOrderCounts reloads the list).
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import type { OrderDto } from '../../../../domain/orders';
import { usePermissions } from '../../../lib/permissions';
import { useSelection } from '../lib/selection';
import { PageHeader } from '../ui/PageHeader';
import { RefreshButton } from '../ui/RefreshButton';
import { filtersToApiQuery } from './api';
import type { BulkOutcome } from './bulk';
import { BulkBar, BulkResults } from './BulkBar';
import { DeleteOrderModal } from './DeleteOrderModal';
import { EditStatusModal } from './EditStatusModal';
import { ExportMenu } from './ExportMenu';
import { useListScrollMemory } from './list-scroll';
import { savedSelection, saveListPlace, saveSelection } from './list-memory';
import { OrderListToolbar } from './OrderListToolbar';
import { OrderQuickView } from './OrderQuickView';
import { OrderResults } from './OrderResults';
import { filtersToParams, useOrderListQuery } from './use-order-list';
import { useOrdersView, ViewToggle } from './view';
import { LinkButton } from '../../../components/ui/Button';
import { PlusIcon } from '../../../components/ui/account-icons';

export default function OrderListPage() {
  const { can } = usePermissions();
  const query = useOrderListQuery();
  const { filters, list, orders, firstPage, openId, openOrder } = query;
  const [editing, setEditing] = useState<OrderDto | null>(null);
  const [toDelete, setToDelete] = useState<OrderDto | null>(null);
  const [view, setView] = useOrdersView();
  // The selected orders as they were when picked: a bulk action still names them if a reload
  // takes them out of the current view.
  // Kept in the tab's storage, so printing or opening an order and coming back keeps it.
  const filtersKey = filtersToParams(filters, new URLSearchParams()).toString();
  const selection = useSelection<OrderDto>(filtersKey, savedSelection);
  const [outcome, setOutcome] = useState<BulkOutcome | null>(null);
  const { items: selectedOrders } = selection;
  useEffect(() => saveSelection(filtersKey, selectedOrders), [filtersKey, selectedOrders]);

  // The list's address, for "← Pedidos" on an order (issue 21, item 17).
  const { search } = useLocation();
  useEffect(() => saveListPlace(search), [search]);
  useListScrollMemory(search, orders.length > 0);

  function bulkDone(result: BulkOutcome) {
    setOutcome(result);
    // What failed stays selected, to retry or handle one by one.
    const failed = new Set(result.failed.map((f) => f.id));
    selection.keepOnly((id) => failed.has(id));
  }

  return (
    <>
      <PageHeader
        title="Lista de Pedidos"
        subtitle={firstPage ? `${firstPage.count} ${firstPage.count === 1 ? 'pedido' : 'pedidos'} con estos filtros` : undefined}
        actions={
          <>
            <ViewToggle value={view} onChange={setView} />
            <ExportMenu query={filtersToApiQuery(filters)} />
            <RefreshButton refetch={list.refetch} done="Pedidos actualizados" failed="Error al actualizar los pedidos" />
            {can('can_manage_orders') && (
              <LinkButton to="/admin/pedidos/nuevo">
                <PlusIcon size={16} />
                Nuevo pedido
              </LinkButton>
            )}
          </>
        }
      />
      <OrderListToolbar query={query} />
      {outcome && <BulkResults outcome={outcome} onDismiss={() => setOutcome(null)} />}
      <OrderResults query={query} view={view} selection={selection} onEdit={setEditing} onDelete={setToDelete} />
      <BulkBar selected={selection.items} onClear={selection.clear} onDone={bulkDone} />

      {openId !== undefined && <OrderQuickView orderNumber={openId} onClose={() => openOrder(null)} onEdit={setEditing} />}
      {editing && <EditStatusModal order={editing} onClose={() => setEditing(null)} />}
      <DeleteOrderModal
        order={toDelete}
        onClose={() => setToDelete(null)}
        onDeleted={(order) => openId === order.order_number && openOrder(null)}
      />
    </>
  );
}
