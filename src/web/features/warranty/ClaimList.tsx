// 'Mis Solicitudes' (spec accounts-admin §2 warranty, §4 claim status): the customer's claims
// with their status badge and message, the shop's answer and resolution, and enlargeable photos.
import { useState } from 'react';
import { smallImage } from '../../../domain/images';
import { WARRANTY_STATUS_MESSAGES } from '../../../domain/warranty';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { ShieldLargeIcon } from '../../components/ui/account-icons';
import { useMyClaims, type WarrantyClaimDto } from './api';
import { ClaimStatusBadge, claimPhotos, PhotoModal } from '../../components/ClaimParts';
import { formatDate, formatDateTime } from '../../../domain/dates';

export function ClaimList({ onCreate }: { onCreate: () => void }) {
  const claims = useMyClaims();

  if (claims.isPending) {
    return (
      <div className="flex items-center justify-center gap-3 py-16 text-stone-600" role="status">
        <span className="h-6 w-6 animate-spin rounded-full border-4 border-brand-200 border-t-brand-700" aria-hidden="true" />
        Cargando tus solicitudes...
      </div>
    );
  }
  if (claims.isError) {
    return (
      <Alert tone="error" title={claims.error.message}>
        <Button variant="secondary" className="mt-2" onClick={() => void claims.refetch()}>
          Reintentar
        </Button>
      </Alert>
    );
  }
  if (!claims.data.length) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center">
        <ShieldLargeIcon size={36} className="text-brand-700" />
        <p className="text-lg font-semibold text-stone-900">Aún no tienes solicitudes de garantía</p>
        <p className="max-w-md text-sm text-stone-600">
          Si alguna semilla no germinó siguiendo la guía, crea tu primera solicitud y la revisaremos.
        </p>
        <Button onClick={onCreate}>Crear mi primera solicitud</Button>
      </div>
    );
  }
  return (
    <ul className="space-y-4">
      {claims.data.map((claim) => (
        <li key={claim.id}>
          <ClaimCard claim={claim} />
        </li>
      ))}
    </ul>
  );
}

function ClaimCard({ claim }: { claim: WarrantyClaimDto }) {
  const [photoIndex, setPhotoIndex] = useState<number | null>(null);
  const photos = claimPhotos(claim);
  return (
    <article className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5" aria-labelledby={`claim-${claim.id}`}>
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={`claim-${claim.id}`} className="font-semibold text-stone-900">
            {claim.product_name}
          </h3>
          <p className="text-sm text-stone-600">
            Solicitud #{claim.id} · {formatDateTime(claim.created_at)}
            {claim.order_number ? ` · Pedido #${claim.order_number}` : ''}
          </p>
        </div>
        <ClaimStatusBadge status={claim.status} />
      </header>

      <p className="mt-3 rounded-lg bg-stone-50 px-3 py-2 text-sm text-stone-800">
        {claim.status_message || WARRANTY_STATUS_MESSAGES[claim.status]}
      </p>

      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:max-w-md">
        <dt className="text-stone-500">Fecha de compra</dt>
        <dd className="text-stone-900">{formatDate(claim.purchase_date)}</dd>
        <dt className="text-stone-500">Fecha de germinación</dt>
        <dd className="text-stone-900">{formatDate(claim.germination_date)}</dd>
      </dl>
      <p className="mt-3 whitespace-pre-line break-words text-sm text-stone-700">{claim.description}</p>

      {photos.length > 0 && (
        <ul className="mt-3 flex gap-2" aria-label="Fotos enviadas">
          {photos.map((photo, i) => (
            <li key={photo}>
              <button
                type="button"
                onClick={() => setPhotoIndex(i)}
                className="block h-16 w-16 overflow-hidden rounded-lg border border-stone-200 hover:ring-2 hover:ring-brand-600 sm:h-20 sm:w-20"
                aria-label={`Ampliar foto ${i + 1}`}
              >
                <img src={smallImage(photo) ?? photo} alt="" loading="lazy" className="h-full w-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}

      {claim.admin_response && (
        <div className="mt-4 rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm">
          <p className="font-semibold text-sky-950">Respuesta de la tienda</p>
          <p className="mt-1 whitespace-pre-line break-words text-sky-950">{claim.admin_response}</p>
        </div>
      )}
      {claim.resolution_details && (
        <div className="mt-3 rounded-lg border border-brand-200 bg-brand-50 p-3 text-sm">
          <p className="font-semibold text-brand-950">Detalles de la resolución</p>
          <p className="mt-1 whitespace-pre-line break-words text-brand-950">{claim.resolution_details}</p>
        </div>
      )}

      <PhotoModal photos={photos} index={photoIndex} onIndex={setPhotoIndex} onClose={() => setPhotoIndex(null)} />
    </article>
  );
}
