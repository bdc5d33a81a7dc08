// /admin/garantias (spec accounts-admin §2 admin warranty claims): search, claim cards, details,
// edit-status and photo modals, links to the order and the customer, refreshed every 120 s.
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast';
import { smallImage } from '../../../../domain/images';
import { truncate } from '../../../../domain/text';
import { WARRANTY_STATUS_LABELS, WARRANTY_STATUSES, type WarrantyStatus } from '../../../../domain/warranty';
import { ClaimStatusBadge, claimPhotos, PhotoModal } from '../../../components/ClaimParts';
import { formatDate, formatDateTime } from '../lib/format';
import { useDebouncedValue } from '../lib/hooks';
import { PageHeader } from '../ui/PageHeader';
import { type AdminWarrantyClaimDto, useAdminClaims } from './api';
import { ClaimDetailsModal, EditClaimModal, orderLink, userLink } from './ClaimModals';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { SearchField, SelectField } from '../../../components/ui/fields';
import { EyeIcon, EditIcon, ShieldIcon } from '../../../components/ui/icons';
import { RefreshIcon } from '../../../components/ui/admin-icons';
import { EmptyState, ListStates, LoadMore } from '../../../components/ui/states';

const linkClass = 'font-medium text-brand-800 underline-offset-2 hover:underline';

export default function WarrantyClaimsPage() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<WarrantyStatus | ''>('');
  // spec §9: search debounce 300 ms.
  const debounced = useDebouncedValue(search, 300);
  const list = useAdminClaims({ search: debounced, status: status || undefined });
  const [details, setDetails] = useState<AdminWarrantyClaimDto | null>(null);
  const [editing, setEditing] = useState<AdminWarrantyClaimDto | null>(null);
  const [photos, setPhotos] = useState<{ photos: string[]; index: number } | null>(null);
  const [refreshing, setRefreshing] = useState(false);

  const claims = list.data?.pages.flatMap((p) => p.results) ?? [];
  const count = list.data?.pages[0]?.count ?? 0;

  async function refresh() {
    setRefreshing(true);
    const result = await list.refetch();
    setRefreshing(false);
    if (result.isError) toast.error('Error al actualizar los reclamos');
  }

  const showPhoto = (claim: AdminWarrantyClaimDto, index: number) => setPhotos({ photos: claimPhotos(claim), index });

  return (
    <>
      <PageHeader
        title="Garantías"
        subtitle={
          list.data ? `${count} ${count === 1 ? 'solicitud' : 'solicitudes'} de garantía` : 'Solicitudes de garantía de germinación'
        }
        actions={
          <Button variant="secondary" onClick={refresh} loading={refreshing} loadingText="Actualizando...">
            <RefreshIcon size={16} />
            Actualizar
          </Button>
        }
      />

      <div className="mb-4 grid gap-3 rounded-xl border border-stone-200 bg-white p-3 shadow-xs sm:grid-cols-[1fr_14rem]">
        <SearchField label="Buscar" value={search} onChange={setSearch} placeholder="Buscar por nombre, email, producto o número" />
        <SelectField label="Estado" hideLabel value={status} onChange={(e) => setStatus(e.target.value as WarrantyStatus | '')}>
          <option value="">Todos los estados</option>
          {WARRANTY_STATUSES.map((s) => (
            <option key={s} value={s}>
              {WARRANTY_STATUS_LABELS[s]}
            </option>
          ))}
        </SelectField>
      </div>

      <ListStates
        query={list}
        count={claims.length}
        loadingLabel="Cargando solicitudes de garantía..."
        errorTitle="Error al cargar los reclamos"
        empty={
          <EmptyState title="No se encontraron solicitudes de garantía" icon={<ShieldIcon size={32} />}>
            {search || status ? 'Prueba con otra búsqueda o estado.' : 'Cuando un cliente envíe una solicitud aparecerá aquí.'}
          </EmptyState>
        }
      >
        {/* minmax(0, 1fr) tracks: a long e-mail or product name wraps or truncates inside its card
            instead of widening the column past the screen. */}
        <ul className="grid grid-cols-1 gap-3 lg:grid-cols-2">
          {claims.map((claim) => (
            <li key={claim.id} className="min-w-0">
              <ClaimCard
                claim={claim}
                onDetails={() => setDetails(claim)}
                onEdit={() => setEditing(claim)}
                onPhoto={(i) => showPhoto(claim, i)}
              />
            </li>
          ))}
        </ul>
        <LoadMore query={list} label="Cargar más solicitudes" />
      </ListStates>

      <ClaimDetailsModal
        claim={details}
        onClose={() => setDetails(null)}
        onEdit={(claim) => {
          setDetails(null);
          setEditing(claim);
        }}
        onPhoto={showPhoto}
      />
      <EditClaimModal claim={editing} onClose={() => setEditing(null)} />
      <PhotoModal
        photos={photos?.photos ?? []}
        index={photos?.index ?? null}
        onIndex={(index) => setPhotos((p) => p && { ...p, index })}
        onClose={() => setPhotos(null)}
      />
    </>
  );
}

function ClaimCard({
  claim,
  onDetails,
  onEdit,
  onPhoto,
}: {
  claim: AdminWarrantyClaimDto;
  onDetails: () => void;
  onEdit: () => void;
  onPhoto: (index: number) => void;
}) {
  const photos = claimPhotos(claim);
  const account = userLink(claim);
  return (
    <article
      className="flex h-full flex-col rounded-xl border border-stone-200 bg-white p-4 shadow-xs"
      aria-labelledby={`claim-${claim.id}-title`}
    >
      <header className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-xs font-medium text-stone-500">
            #{claim.id} · {formatDateTime(claim.created_at)}
          </p>
          <h2 id={`claim-${claim.id}-title`} className="truncate font-semibold text-stone-900">
            {claim.product_name}
          </h2>
        </div>
        <ClaimStatusBadge status={claim.status} />
      </header>

      <dl className="mt-2 grid grid-cols-[6.5rem_minmax(0,1fr)] gap-x-2 gap-y-1 text-sm">
        <dt className="text-stone-500">Cliente</dt>
        <dd className="min-w-0">
          <span className="flex min-w-0 items-center gap-1.5">
            {account ? (
              <Link to={account} className={`truncate ${linkClass}`}>
                {claim.name}
              </Link>
            ) : (
              <>
                <span className="truncate font-medium text-stone-900">{claim.name}</span>
                <Badge tone="neutral" className="shrink-0">
                  Sin cuenta
                </Badge>
              </>
            )}
          </span>
          <span className="block truncate text-stone-500">{claim.email}</span>
        </dd>
        <dt className="text-stone-500">Pedido</dt>
        <dd>
          {claim.order_id && claim.order_number ? (
            <Link to={orderLink(claim.order_number)} className={linkClass}>
              Pedido #{claim.order_number}
            </Link>
          ) : (
            <span className="text-stone-600">Compra fuera de la tienda</span>
          )}
        </dd>
        <dt className="text-stone-500">Germinación</dt>
        <dd>{formatDate(claim.germination_date)}</dd>
      </dl>
      <p className="mt-2 text-sm text-stone-700 wrap-anywhere">{truncate(claim.description, 140)}</p>

      <div className="mt-auto flex flex-wrap items-end justify-between gap-2 pt-3">
        <ul className="flex gap-1.5" aria-label="Fotos">
          {photos.map((photo, i) => (
            <li key={photo}>
              <button
                type="button"
                onClick={() => onPhoto(i)}
                className="block h-12 w-12 overflow-hidden rounded-md border border-stone-200 hover:ring-2 hover:ring-brand-600"
                aria-label={`Ampliar foto ${i + 1} de la solicitud #${claim.id}`}
              >
                <img src={smallImage(photo) ?? photo} alt="" loading="lazy" className="h-full w-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap gap-1.5">
          <Button size="sm" variant="secondary" onClick={onDetails}>
            <EyeIcon size={14} />
            Ver detalles
          </Button>
          <Button size="sm" onClick={onEdit}>
            <EditIcon size={14} />
            Cambiar estado
          </Button>
        </div>
      </div>
    </article>
  );
}
