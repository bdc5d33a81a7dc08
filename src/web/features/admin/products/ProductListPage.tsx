// 'Catálogo de Semillas' (spec accounts-admin §2 admin catalogue): filtered product cards with
// availability toggle, delete, load more and a refresh every 5 minutes; CSV export and import,
// and bulk edits of the selected products (issue 14).
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { ADMIN_PRODUCTS_PAGE_SIZE, type ProductDto } from '../../../../domain/catalog';
import { errorMessage } from '../lib/format';
import { useAdminBrands } from '../lib/queries';
import { useSelection } from '../lib/selection';
import { PageHeader } from '../ui/PageHeader';
import { AdminProductCard } from './AdminProductCard';
import { BulkEditModal } from './BulkEditModal';
import { BulkSelectionBar } from './BulkSelectionBar';
import { ExportCatalogueButton } from './ExportCatalogueButton';
import { FILTER_KEYS, filtersFromParams, useAdminProducts, useDeleteProduct, useToggleAvailability, type AdminProductFilters } from './api';
import { ProductFilters } from './ProductFilters';
import { Button, LinkButton } from '../../../components/ui/Button';
import { ConfirmModal } from '../../../components/ui/ConfirmModal';
import { RefreshIcon, UploadIcon } from '../../../components/ui/admin-icons';
import { PlusIcon, PackageIcon } from '../../../components/ui/account-icons';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';

export default function ProductListPage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const brands = useAdminBrands();
  const list = useAdminProducts(filters);
  const toggle = useToggleAvailability();
  const remove = useDeleteProduct();
  const [toDelete, setToDelete] = useState<ProductDto | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  // Kept across filters: products picked under one bank stay picked while another is added.
  const selection = useSelection<ProductDto>('productos');
  const [bulkOpen, setBulkOpen] = useState(0);

  const products = list.data?.pages.flatMap((p) => p.results) ?? [];
  const count = list.data?.pages[0]?.count ?? 0;
  const pagesLoaded = list.data?.pages.length ?? 0;

  function setFilters(next: AdminProductFilters) {
    const search = new URLSearchParams();
    for (const key of FILTER_KEYS) if (next[key]) search.set(key, String(next[key]));
    setParams(search, { replace: true });
  }

  async function refresh() {
    setRefreshing(true);
    const result = await list.refetch();
    setRefreshing(false);
    if (result.isError) toast.error('Error al actualizar los productos');
    else toast.success('Productos actualizados');
  }

  function toggleAvailability(product: ProductDto) {
    toggle.mutate(product, {
      onSuccess: () => toast.success(`El producto ${product.name} ahora está ${product.available ? 'no disponible' : 'disponible'}`),
      onError: (error) => toast.error(`Error al cambiar la disponibilidad: ${errorMessage(error)}`),
    });
  }

  function confirmDelete() {
    if (!toDelete) return;
    const product = toDelete;
    remove.mutate(product, {
      onSuccess: () => {
        toast.success(`El producto ${product.name} ha sido eliminado`);
        setToDelete(null);
      },
      onError: (error) => toast.error(`Error al eliminar el producto: ${errorMessage(error)}`),
    });
  }

  return (
    <>
      <PageHeader
        title="Catálogo de Semillas"
        subtitle={list.data ? `${count} ${count === 1 ? 'producto' : 'productos'}` : undefined}
        actions={
          <>
            <Button variant="secondary" onClick={refresh} loading={refreshing} aria-label="Actualizar">
              <RefreshIcon size={16} />
              <span className="hidden sm:inline">Actualizar</span>
            </Button>
            <ExportCatalogueButton compact />
            <LinkButton to="/admin/productos/importar" variant="secondary" aria-label="Importar CSV">
              <UploadIcon size={16} />
              <span className="hidden sm:inline">Importar CSV</span>
            </LinkButton>
            <LinkButton to="/admin/productos/nuevo" aria-label="Agregar producto">
              <PlusIcon size={16} />
              Agregar<span className="hidden sm:inline"> producto</span>
            </LinkButton>
          </>
        }
      />
      <ProductFilters filters={filters} brands={brands.data ?? []} onChange={setFilters} />

      {list.isPending ? (
        <LoadingState label="Cargando productos..." />
      ) : list.isError && products.length === 0 ? (
        <ErrorState
          title="Error al cargar los productos"
          detail={errorMessage(list.error, '')}
          onRetry={() => list.refetch()}
          retrying={list.isFetching}
        />
      ) : products.length === 0 ? (
        <EmptyState title="No se encontraron productos" icon={<PackageIcon size={32} />}>
          Prueba con otros filtros o agrega un producto nuevo.
        </EmptyState>
      ) : (
        <>
          <div
            className={`grid gap-3 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4 ${list.isPlaceholderData ? 'opacity-60' : ''}`}
            aria-busy={list.isFetching}
          >
            {products.map((product) => (
              <AdminProductCard
                key={product.id}
                product={product}
                toggling={toggle.isPending && toggle.variables?.id === product.id}
                onToggle={() => toggleAvailability(product)}
                onDelete={() => setToDelete(product)}
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
        </>
      )}

      <BulkSelectionBar
        count={selection.size}
        loaded={products.length}
        onSelectLoaded={() => selection.selectOnly(products)}
        onClear={selection.clear}
        onEdit={() => setBulkOpen((n) => n + 1)}
      />
      {bulkOpen > 0 && (
        <BulkEditModal
          key={bulkOpen}
          open
          ids={[...selection.ids]}
          brands={brands.data ?? []}
          onClose={() => setBulkOpen(0)}
          onApplied={() => {
            setBulkOpen(0);
            selection.clear();
          }}
        />
      )}

      <ConfirmModal
        open={toDelete !== null}
        title="Eliminar producto"
        confirmLabel="Eliminar"
        busy={remove.isPending}
        busyLabel="Eliminando..."
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      >
        ¿Seguro que deseas eliminar <strong>{toDelete?.name}</strong>? Los pedidos que ya lo incluyen no se modifican.
      </ConfirmModal>
    </>
  );
}
