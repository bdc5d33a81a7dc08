// The admin catalog's cards: loading, error and empty states, availability toggles, selection,
// and "Cargar más productos" with how much is loaded.
import { toast } from '../../../lib/toast';
import { ADMIN_PRODUCTS_PAGE_SIZE, type ProductDto } from '../../../../domain/catalog';
import { errorMessage } from '../lib/format';
import type { Selection } from '../lib/selection';
import { DEFAULT_LOW_STOCK_THRESHOLD } from '../../../../domain/inventory';
import { useInventorySettings } from '../lib/inventory-api';
import { AdminProductCard } from './AdminProductCard';
import { useToggleAvailability } from './api';
import type { ProductListQuery } from './use-product-list';
import { Button } from '../../../components/ui/Button';
import { PackageIcon } from '../../../components/ui/account-icons';
import { EmptyState, ListStates } from '../../../components/ui/states';

export function ProductGrid({
  query: { list, products, count, pagesLoaded },
  selection,
  onDelete,
}: {
  query: ProductListQuery;
  selection: Selection<ProductDto>;
  onDelete: (product: ProductDto) => void;
}) {
  const toggle = useToggleAvailability();
  const lowStockThreshold = useInventorySettings().data?.low_stock_threshold ?? DEFAULT_LOW_STOCK_THRESHOLD;

  function toggleAvailability(product: ProductDto) {
    toggle.mutate(product, {
      onSuccess: () => toast.success(`El producto ${product.name} ahora está ${product.available ? 'no disponible' : 'disponible'}`),
      onError: (error) => toast.error(`Error al cambiar la disponibilidad: ${errorMessage(error)}`),
    });
  }

  return (
    <ListStates
      query={list}
      count={products.length}
      loadingLabel="Cargando productos..."
      errorTitle="Error al cargar los productos"
      empty={
        <EmptyState title="No se encontraron productos" icon={<PackageIcon size={32} />}>
          Prueba con otros filtros o agrega un producto nuevo.
        </EmptyState>
      }
    >
      <div
        className={`grid gap-3 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4 ${list.isPlaceholderData ? 'opacity-60' : ''}`}
        aria-busy={list.isFetching}
      >
        {products.map((product) => (
          <AdminProductCard
            key={product.id}
            product={product}
            lowStockThreshold={lowStockThreshold}
            toggling={toggle.isPending && toggle.variables?.id === product.id}
            onToggle={() => toggleAvailability(product)}
            onDelete={() => onDelete(product)}
            selected={selection.has(product.id)}
            onSelect={(on) => selection.toggle(product, on)}
          />
        ))}
      </div>
      <div className="mt-5 flex flex-col items-center gap-2">
        {list.hasNextPage && (
          <Button
            variant="secondary"
            onClick={() => list.fetchNextPage().then((r) => r.isError && toast.error('Error al cargar los productos'))}
            loading={list.isFetchingNextPage}
            loadingText="Cargando..."
          >
            Cargar más productos
          </Button>
        )}
        <p className="text-xs text-stone-500">
          Mostrando {products.length} de {count} productos · {pagesLoaded} de {Math.max(1, Math.ceil(count / ADMIN_PRODUCTS_PAGE_SIZE))}{' '}
          páginas cargadas
        </p>
      </div>
    </ListStates>
  );
}
