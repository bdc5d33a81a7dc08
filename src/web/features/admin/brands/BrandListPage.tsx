// Brand list (spec accounts-admin §2 bank list): cards with national toggle, discount, edit and
// delete; filtered by type and name on the page.
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import type { BrandDto } from '../../../../domain/catalog';
import { normalizeSearch } from '../../../../domain/text';
import { errorMessage } from '../lib/format';
import { useAdminBrands } from '../lib/queries';
import { SearchField } from '../../../components/ui/fields';
import { PageHeader } from '../ui/PageHeader';
import { ChoiceButtons } from '../ui/choices';
import { useToggleNational } from './api';
import { BrandCard } from './BrandCard';
import { DeleteBrandModal } from './DeleteBrandModal';
import { DiscountModal } from './DiscountModal';
import { LinkButton } from '../../../components/ui/Button';
import { BrandIcon } from '../../../components/ui/admin-icons';
import { PlusIcon } from '../../../components/ui/account-icons';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';

const SCOPES = [
  { id: 'all', label: 'Todos' },
  { id: 'national', label: 'Nacionales' },
  { id: 'international', label: 'Internacionales' },
] as const;
type Scope = (typeof SCOPES)[number]['id'];

export default function BrandListPage() {
  const brands = useAdminBrands();
  const toggle = useToggleNational();
  const [scope, setScope] = useState<Scope>('all');
  const [search, setSearch] = useState('');
  const [discountFor, setDiscountFor] = useState<BrandDto | null>(null);
  const [toDelete, setToDelete] = useState<BrandDto | null>(null);

  const all = brands.data ?? [];
  const term = normalizeSearch(search);
  const shown = all.filter(
    (b) => (scope === 'all' || b.is_national === (scope === 'national')) && (!term || normalizeSearch(b.brand_name).includes(term)),
  );

  function toggleNational(brand: BrandDto) {
    toggle.mutate(brand, {
      onSuccess: () => toast.success(`${brand.brand_name} ahora es un banco ${brand.is_national ? 'internacional' : 'nacional'}`),
      onError: (error) => toast.error('Error al cambiar el tipo de banco', { description: errorMessage(error, '') || undefined }),
    });
  }

  return (
    <>
      <PageHeader
        title="Bancos"
        subtitle={brands.data ? `${all.length} ${all.length === 1 ? 'banco' : 'bancos'}` : undefined}
        actions={
          <LinkButton to="/admin/bancos/nuevo">
            <PlusIcon size={16} />
            Nuevo banco
          </LinkButton>
        }
      />
      <div className="mb-4 flex flex-col gap-2 rounded-xl border border-stone-200 bg-white p-3 shadow-xs sm:flex-row sm:items-center">
        <ChoiceButtons
          label="Tipo de banco"
          options={SCOPES}
          value={scope}
          onChange={setScope}
          className="flex rounded-lg bg-stone-100 p-0.5"
          buttonClass={(pressed) =>
            `flex-1 rounded-md px-3 py-1.5 text-sm font-medium transition sm:flex-none ${
              pressed ? 'bg-white text-stone-900 shadow-sm' : 'text-stone-600 hover:text-stone-900'
            }`
          }
        />
        <SearchField
          id="brand-search"
          label="Buscar banco"
          value={search}
          onChange={setSearch}
          placeholder="Buscar banco"
          className="sm:ml-auto sm:w-72"
        />
      </div>

      {brands.isPending ? (
        <LoadingState label="Cargando bancos..." />
      ) : brands.isError ? (
        <ErrorState
          title="Error al cargar los bancos"
          detail={errorMessage(brands.error, '')}
          onRetry={() => brands.refetch()}
          retrying={brands.isFetching}
        />
      ) : shown.length === 0 ? (
        <EmptyState title="No se encontraron bancos" icon={<BrandIcon size={32} />}>
          {all.length === 0 ? 'Crea el primer banco para empezar a cargar productos.' : 'Prueba con otro filtro.'}
        </EmptyState>
      ) : (
        <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {shown.map((brand) => (
            <BrandCard
              key={brand.id}
              brand={brand}
              toggling={toggle.isPending && toggle.variables?.id === brand.id}
              onToggleNational={() => toggleNational(brand)}
              onDiscount={() => setDiscountFor(brand)}
              onDelete={() => setToDelete(brand)}
            />
          ))}
        </div>
      )}

      {discountFor && <DiscountModal brand={discountFor} onClose={() => setDiscountFor(null)} />}
      {toDelete && <DeleteBrandModal brand={toDelete} onClose={() => setToDelete(null)} />}
    </>
  );
}
