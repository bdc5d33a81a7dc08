// Pieces of a warranty claim shown to customers and to staff: status badge and photo viewer.
import { WARRANTY_STATUS_LABELS, type WarrantyClaimDto, type WarrantyStatus } from '../../domain/warranty';
import { Modal } from './Modal';
import { Button } from './ui/Button';

export const STATUS_STYLES: Record<WarrantyStatus, string> = {
  pending: 'bg-amber-100 text-amber-900 ring-amber-600/25',
  reviewing: 'bg-sky-100 text-sky-900 ring-sky-600/25',
  approved: 'bg-green-100 text-green-800 ring-green-600/25',
  rejected: 'bg-red-100 text-red-800 ring-red-600/25',
  resolved: 'bg-brand-100 text-brand-900 ring-brand-600/25',
};

export function ClaimStatusBadge({ status }: { status: WarrantyStatus }) {
  return (
    <span
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${STATUS_STYLES[status]}`}
    >
      {WARRANTY_STATUS_LABELS[status]}
    </span>
  );
}

export const claimPhotos = (claim: Pick<WarrantyClaimDto, 'photo1' | 'photo2' | 'photo3'>) =>
  [claim.photo1, claim.photo2, claim.photo3].filter((p): p is string => !!p);

/** Enlarged claim photo with previous/next between the claim's photos. */
export function PhotoModal({
  photos,
  index,
  onIndex,
  onClose,
}: {
  photos: string[];
  index: number | null;
  onIndex: (i: number) => void;
  onClose: () => void;
}) {
  const open = index !== null && !!photos[index];
  const i = index ?? 0;
  return (
    <Modal open={open} onClose={onClose} title={`Foto ${i + 1} de ${photos.length}`}>
      {open && (
        <div>
          <img src={photos[i]} alt={`Foto ${i + 1} de la solicitud`} className="mx-auto max-h-[65dvh] w-auto rounded-lg object-contain" />
          {photos.length > 1 && (
            <div className="mt-3 flex justify-center gap-2">
              <Button variant="secondary" onClick={() => onIndex((i - 1 + photos.length) % photos.length)}>
                Anterior
              </Button>
              <Button variant="secondary" onClick={() => onIndex((i + 1) % photos.length)}>
                Siguiente
              </Button>
            </div>
          )}
        </div>
      )}
    </Modal>
  );
}
