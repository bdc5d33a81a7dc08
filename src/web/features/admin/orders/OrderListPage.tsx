// 'Lista de Pedidos' (spec accounts-admin §2 admin orders): status tabs with counts, date and
// customer filters, order and fulfilment step kept in the URL, order cards or a dense table (the
// choice remembered), details, status and delete modals, load more, an `orderId` query that
// opens one order. Issue 13: selection with bulk actions, print and CSV export; new orders
// appear by themselves (the counts poll in useLiveOrderCounts reloads the list).
import { usePermissions } from '../../../lib/permissions';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { FULFILMENT_STAGES, type FulfilmentStage } from '../../../../domain/fulfilment-steps';
import {
  DATE_FILTERS,
  ORDER_ORDERINGS,
  ORDER_STATUSES,
  type DateFilter,
  type OrderDto,
  type OrderOrdering,
} from '../../../../domain/orders';
import { errorMessage } from '../lib/format';
import { useSelection } from '../lib/selection';
import { PageHeader } from '../ui/PageHeader';
import { Modal } from '../../../components/Modal';
import { filtersToApiQuery, useAdminOrder, useAdminOrders, useDeleteOrder, type OrderFilters, type StatusTab } from './api';
import type { BulkOutcome } from './bulk';
import { BulkBar, BulkResults } from './BulkBar';
import { EditStatusModal } from './EditStatusModal';
import { ExportMenu } from './ExportMenu';
import { useListScrollMemory } from './list-scroll';
import { savedSelection, saveListPlace, saveSelection } from './list-memory';
import { OrderCard } from './OrderCard';
import { OrderFilterBar, StatusTabs } from './OrderFilters';
import { OrderDetails, OrderStatusBadge } from './OrderParts';
import { OrderTable } from './OrderTable';
import { useOrdersView, ViewToggle } from './view';
import { Button, LinkButton } from '../../../components/ui/Button';
import { ConfirmModal } from '../../../components/ui/ConfirmModal';
import { ClipboardIcon, RefreshIcon } from '../../../components/ui/admin-icons';
import { PlusIcon } from '../../../components/ui/account-icons';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function filtersFromParams(params: URLSearchParams): OrderFilters {
  const status = params.get('status');
  const date = params.get('date');
  const start = params.get('start') ?? '';
  const end = params.get('end') ?? '';
  const custom = date === 'custom' && DAY.test(start) && DAY.test(end);
  return {
    // spec accounts-admin §2: the pending tab by default.
    status: status === 'all' || (ORDER_STATUSES as readonly string[]).includes(status ?? '') ? (status as StatusTab) : 'pending',
    dateFilter:
      date && (DATE_FILTERS as readonly string[]).includes(date) && (date !== 'custom' || custom) ? (date as DateFilter) : undefined,
    startDate: custom ? start : undefined,
    endDate: custom ? end : undefined,
    search: params.get('search') || undefined,
    ordering: (ORDER_ORDERINGS as readonly string[]).includes(params.get('ordering') ?? '')
      ? (params.get('ordering') as OrderOrdering)
      : undefined,
    stage:
      status === null && (FULFILMENT_STAGES as readonly string[]).includes(params.get('stage') ?? '')
        ? (params.get('stage') as FulfilmentStage)
        : undefined,
  };
}

function filtersToParams(filters: OrderFilters, keep: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams();
  if (filters.status !== 'pending') next.set('status', filters.status);
  if (filters.dateFilter) next.set('date', filters.dateFilter);
  if (filters.startDate) next.set('start', filters.startDate);
  if (filters.endDate) next.set('end', filters.endDate);
  if (filters.search) next.set('search', filters.search);
  if (filters.ordering && filters.ordering !== '-created_at') next.set('ordering', filters.ordering);
  if (filters.stage && filters.status === 'pending') next.set('stage', filters.stage);
  const orderId = keep.get('orderId');
  if (orderId) next.set('orderId', orderId);
  return next;
}

export default function OrderListPage() {
  const { can } = usePermissions();
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const list = useAdminOrders(filters);
  const remove = useDeleteOrder();
  const [editing, setEditing] = useState<OrderDto | null>(null);
  const [toDelete, setToDelete] = useState<OrderDto | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  const [view, setView] = useOrdersView();
  // The selected orders as they were when picked: a bulk action still names them if a reload
  // takes them out of the current view.
  // Kept in the tab's storage, so printing or opening an order and coming back keeps it.
  const filtersKey = filtersToParams(filters, new URLSearchParams()).toString();
  const selection = useSelection<OrderDto>(filtersKey, savedSelection);
  const [outcome, setOutcome] = useState<BulkOutcome | null>(null);

  // spec accounts-admin §2: links from warranty claims open one order with ?orderId=.
  const orderIdParam = params.get('orderId');
  const openId = orderIdParam && /^\d+$/.test(orderIdParam) ? Number(orderIdParam) : undefined;
  const opened = useAdminOrder(openId);

  const orders = useMemo(() => list.data?.pages.flatMap((p) => p.results) ?? [], [list.data]);
  const firstPage = list.data?.pages[0];
  const { items: selectedOrders } = selection;
  useEffect(() => saveSelection(filtersKey, selectedOrders), [filtersKey, selectedOrders]);

  // The list's address, for "← Pedidos" on an order (issue 21, item 17).
  const { search } = useLocation();
  useEffect(() => saveListPlace(search), [search]);
  useListScrollMemory(search, orders.length > 0);

  function setFilters(next: OrderFilters) {
    setParams(filtersToParams(next, params), { replace: true });
  }

  const toggle = (order: OrderDto) => selection.toggle(order);
  const toggleAll = () => selection.toggleAll(orders);

  function bulkDone(result: BulkOutcome) {
    setOutcome(result);
    // What failed stays selected, to retry or handle one by one.
    const failed = new Set(result.failed.map((f) => f.id));
    selection.keepOnly((id) => failed.has(id));
  }

  function openOrder(id: number | null) {
    const next = new URLSearchParams(params);
    if (id === null) next.delete('orderId');
    else next.set('orderId', String(id));
    setParams(next, { replace: id === null });
  }

  useEffect(() => {
    if (opened.isError) {
      toast.error('Error al cargar los detalles del pedido.', { description: errorMessage(opened.error, '') || undefined });
      openOrder(null);
    }
    // Once per failed load: the error object and openOrder change on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened.isError]);

  async function refresh() {
    setRefreshing(true);
    const result = await list.refetch();
    setRefreshing(false);
    if (result.isError) toast.error('Error al actualizar los pedidos');
    else toast.success('Pedidos actualizados');
  }

  async function loadMore() {
    const result = await list.fetchNextPage();
    if (result.isError) toast.error('Error al cargar más pedidos');
  }

  function confirmDelete() {
    if (!toDelete) return;
    const order = toDelete;
    remove.mutate(order, {
      onSuccess: () => {
        toast.success(`Pedido #${order.order_number} eliminado`);
        setToDelete(null);
        if (openId === order.id) openOrder(null);
      },
      onError: (error) => toast.error(`Error al eliminar el pedido: ${errorMessage(error)}`),
    });
  }

  const detailOrder = opened.data;

  return (
    <>
      <PageHeader
        title="Lista de Pedidos"
        subtitle={firstPage ? `${firstPage.count} ${firstPage.count === 1 ? 'pedido' : 'pedidos'} con estos filtros` : undefined}
        actions={
          <>
            <ViewToggle value={view} onChange={setView} />
            <ExportMenu query={filtersToApiQuery(filters)} />
            <Button variant="secondary" onClick={refresh} loading={refreshing} aria-label="Actualizar">
              <RefreshIcon size={16} />
              <span className="hidden sm:inline">Actualizar</span>
            </Button>
            {can('can_manage_orders') && (
              <LinkButton to="/admin/pedidos/nuevo">
                <PlusIcon size={16} />
                Nuevo pedido
              </LinkButton>
            )}
          </>
        }
      />
      <div className="mb-4 space-y-3">
        <StatusTabs
          value={filters.status}
          counts={firstPage?.status_counts}
          onChange={(status) => setFilters({ ...filters, status, stage: status === 'pending' ? filters.stage : undefined })}
        />
        <OrderFilterBar filters={filters} counts={firstPage?.status_counts} onChange={setFilters} />
      </div>
      {outcome && <BulkResults outcome={outcome} onDismiss={() => setOutcome(null)} />}

      {list.isPending ? (
        <LoadingState label="Cargando pedidos..." />
      ) : list.isError && orders.length === 0 ? (
        <ErrorState
          title="Error al cargar los pedidos"
          detail={errorMessage(list.error, '')}
          onRetry={() => list.refetch()}
          retrying={list.isFetching}
        />
      ) : orders.length === 0 ? (
        <EmptyState title="No se encontraron pedidos" icon={<ClipboardIcon size={32} />}>
          No hay pedidos con estos filtros.
        </EmptyState>
      ) : (
        <>
          {view === 'table' ? (
            <OrderTable
              orders={orders}
              selected={selection.ids}
              ordering={filters.ordering ?? '-created_at'}
              onToggle={toggle}
              onToggleAll={toggleAll}
              onSort={(ordering) => setFilters({ ...filters, ordering })}
              onDetails={(order) => openOrder(order.id)}
              busy={list.isPlaceholderData}
              fetching={list.isFetching}
            />
          ) : (
            <>
              <label className="mb-2 inline-flex items-center gap-2 text-sm text-stone-700">
                <input
                  type="checkbox"
                  checked={orders.every((o) => selection.has(o.id))}
                  onChange={toggleAll}
                  className="h-4 w-4 accent-brand-700"
                />
                Seleccionar los {orders.length} pedidos visibles
              </label>
              <div
                className={`grid gap-3 md:grid-cols-2 xl:grid-cols-3 ${list.isPlaceholderData ? 'opacity-60' : ''}`}
                aria-busy={list.isFetching}
              >
                {orders.map((order) => (
                  <OrderCard
                    key={order.id}
                    order={order}
                    onDetails={() => openOrder(order.id)}
                    onEdit={() => setEditing(order)}
                    onDelete={() => setToDelete(order)}
                    selected={selection.has(order.id)}
                    onToggle={() => toggle(order)}
                  />
                ))}
              </div>
            </>
          )}
          <div className="mt-5 flex flex-col items-center gap-2">
            {list.hasNextPage ? (
              <Button variant="secondary" onClick={loadMore} loading={list.isFetchingNextPage} loadingText="Cargando...">
                Cargar más pedidos
              </Button>
            ) : (
              <p className="text-sm text-stone-600">No hay más pedidos para cargar</p>
            )}
            <p className="text-xs text-stone-600">
              Mostrando {orders.length} de {firstPage?.count ?? 0}
            </p>
          </div>
        </>
      )}

      <BulkBar selected={selection.items} onClear={selection.clear} onDone={bulkDone} />

      {openId !== undefined && (
        <Modal
          open
          onClose={() => openOrder(null)}
          title={detailOrder ? `Pedido #${detailOrder.order_number}` : 'Pedido'}
          footer={
            detailOrder && (
              <div className="flex flex-wrap items-center gap-2">
                <OrderStatusBadge order={detailOrder} />
                <div className="ml-auto flex gap-2">
                  <LinkButton to={`/admin/pedidos/${detailOrder.id}`} variant="ghostMuted">
                    Abrir página
                  </LinkButton>
                  <Button variant="secondary" onClick={() => setEditing(detailOrder)}>
                    Cambiar estado
                  </Button>
                </div>
              </div>
            )
          }
        >
          {detailOrder ? <OrderDetails order={detailOrder} /> : <LoadingState label="Cargando pedido..." />}
        </Modal>
      )}
      {editing && <EditStatusModal order={editing} onClose={() => setEditing(null)} />}
      <ConfirmModal
        open={toDelete !== null}
        title="Eliminar pedido"
        confirmLabel="Eliminar"
        busy={remove.isPending}
        busyLabel="Eliminando..."
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      >
        ¿Seguro que deseas eliminar el pedido <strong>#{toDelete?.order_number}</strong>? Esta acción no se puede deshacer.
      </ConfirmModal>
    </>
  );
}
