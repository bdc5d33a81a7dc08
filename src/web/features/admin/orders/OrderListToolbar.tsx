// The status tabs and the filter bar of 'Lista de Pedidos', over the list's URL state.
import { OrderFilterBar, StatusTabs } from './OrderFilters';
import type { OrderListQuery } from './use-order-list';

export function OrderListToolbar({ query: { filters, setFilters, firstPage } }: { query: OrderListQuery }) {
  return (
    <div className="mb-4 space-y-3">
      <StatusTabs
        value={filters.status}
        counts={firstPage?.status_counts}
        onChange={(status) => setFilters({ ...filters, status, stage: status === 'pending' ? filters.stage : undefined })}
      />
      <OrderFilterBar filters={filters} counts={firstPage?.status_counts} onChange={setFilters} />
    </div>
  );
}
