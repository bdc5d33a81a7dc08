// 'Catálogo de Semillas' (spec accounts-admin §2 admin catalog): filtered product cards with
// availability toggle, delete, load more and a refresh every 5 minutes; CSV export and import,
// and bulk edits of the selected products (issue 14).
import { useState } from 'react';
import type { ProductDto } from '../../../../domain/catalog';
import { useAdminBrands } from '../lib/queries';
import { useSelection } from '../lib/selection';
import { PageHeader } from '../ui/PageHeader';
import { RefreshButton } from '../ui/RefreshButton';
import { BulkEditModal } from './BulkEditModal';
import { BulkSelectionBar } from './BulkSelectionBar';
import { DeleteProductModal } from './DeleteProductModal';
import { ExportCatalogButton } from './ExportCatalogButton';
import { ProductFilters } from './ProductFilters';
import { ProductGrid } from './ProductGrid';
import { useProductListQuery } from './use-product-list';
import { LinkButton } from '../../../components/ui/Button';
import { UploadIcon } from '../../../components/ui/admin-icons';
import { PlusIcon } from '../../../components/ui/account-icons';

export default function ProductListPage() {
  const query = useProductListQuery();
  const { filters, setFilters, list, products, count } = query;
  const brands = useAdminBrands();
  const [toDelete, setToDelete] = useState<ProductDto | null>(null);
  // Kept across filters: products picked under one brand stay picked while another is added.
  const selection = useSelection<ProductDto>('productos');
  const [bulkOpen, setBulkOpen] = useState(0);

  return (
    <>
      <PageHeader
        title="Catálogo de Semillas"
        subtitle={list.data ? `${count} ${count === 1 ? 'producto' : 'productos'}` : undefined}
        actions={
          <>
            <RefreshButton refetch={list.refetch} done="Productos actualizados" failed="Error al actualizar los productos" />
            <ExportCatalogButton compact />
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
      <ProductGrid query={query} selection={selection} onDelete={setToDelete} />

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
      <DeleteProductModal product={toDelete} onClose={() => setToDelete(null)} />
    </>
  );
}
