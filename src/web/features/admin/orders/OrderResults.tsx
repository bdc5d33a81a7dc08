// The orders of 'Lista de Pedidos': loading, error and empty states, the dense table or the cards
// (with "select the visible ones"), and "Cargar más pedidos" with how many are shown.
import { toast } from '../../../lib/toast';
import type { OrderDto } from '../../../../domain/orders';
import type { Selection } from '../lib/selection';
import { OrderCard } from './OrderCard';
import { OrderTable } from './OrderTable';
import type { OrderListQuery } from './use-order-list';
import type { OrdersView } from './view';
import { Button } from '../../../components/ui/Button';
import { ClipboardIcon } from '../../../components/ui/admin-icons';
import { EmptyState, ListStates } from '../../../components/ui/states';

export function OrderResults({
  query: { list, orders, firstPage, filters, setFilters, openOrder },
  view,
  selection,
  onEdit,
  onDelete,
}: {
  query: OrderListQuery;
  view: OrdersView;
  selection: Selection<OrderDto>;
  onEdit: (order: OrderDto) => void;
  onDelete: (order: OrderDto) => void;
}) {
  const toggleAll = () => selection.toggleAll(orders);

  async function loadMore() {
    const result = await list.fetchNextPage();
    if (result.isError) toast.error('Error al cargar más pedidos');
  }

  return (
    <ListStates
      query={list}
      count={orders.length}
      loadingLabel="Cargando pedidos..."
      errorTitle="Error al cargar los pedidos"
      empty={
        <EmptyState title="No se encontraron pedidos" icon={<ClipboardIcon size={32} />}>
          No hay pedidos con estos filtros.
        </EmptyState>
      }
    >
      {view === 'table' ? (
        <OrderTable
          orders={orders}
          selected={selection.ids}
          ordering={filters.ordering ?? '-created_at'}
          onToggle={(order) => selection.toggle(order)}
          onToggleAll={toggleAll}
          onSort={(ordering) => setFilters({ ...filters, ordering })}
          onDetails={(order) => openOrder(order.order_number)}
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
                onDetails={() => openOrder(order.order_number)}
                onEdit={() => onEdit(order)}
                onDelete={() => onDelete(order)}
                selected={selection.has(order.id)}
                onToggle={() => selection.toggle(order)}
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
    </ListStates>
  );
}
