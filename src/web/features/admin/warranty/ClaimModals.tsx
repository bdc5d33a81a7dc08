// The details and edit-status modals of the admin claims page (spec accounts-admin §2 admin
// warranty claims, §4 claim status: any status; resolution details only for approved/resolved).
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast';
import { smallImage } from '../../../../domain/images';
import { STATUSES_WITH_RESOLUTION, WARRANTY_STATUS_LABELS, WARRANTY_STATUSES, type WarrantyStatus } from '../../../../domain/warranty';
import { Modal } from '../../../components/Modal';
import { ClaimStatusBadge, claimPhotos } from '../../../components/ClaimParts';
import { errorMessage, formatDate, formatDateTime } from '../lib/format';
import { type AdminWarrantyClaimDto, useUpdateClaim } from './api';
import { Button } from '../../../components/ui/Button';
import { DialogActions, FormActions } from '../../../components/ui/DialogActions';
import { SelectField, TextAreaField } from '../../../components/ui/fields';

/** The claimant's account page; null for a guest's claim, which has no account to open. */
export function userLink(claim: AdminWarrantyClaimDto): string | null {
  const id = claim.user_id ?? claim.order?.customer_id;
  return id ? `/admin/usuarios/${id}` : null;
}

const linkClass = 'font-medium text-brand-800 underline underline-offset-2 hover:text-brand-950';

/** 'Ver usuario', or for a guest the plain fact that there is no account to see. */
function ClaimantAccount({ claim }: { claim: AdminWarrantyClaimDto }) {
  const account = userLink(claim);
  return account ? (
    <Link to={account} className={`mt-1 inline-block text-sm ${linkClass}`}>
      Ver usuario
    </Link>
  ) : (
    <p className="mt-1 text-sm text-stone-600">Sin cuenta en la tienda: la solicitud se envió como invitado.</p>
  );
}

/** The staff order list opened on the claim's order (by its id, the API's key). */
/** spec accounts-admin §3: the list's `orderId` query carries the order's number. */
export const orderLink = (orderNumber: number) => `/admin/pedidos?orderId=${orderNumber}`;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[8.5rem_1fr] gap-2 py-1.5 text-sm">
      <dt className="text-stone-500">{label}</dt>
      <dd className="min-w-0 break-words text-stone-900">{children}</dd>
    </div>
  );
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-stone-500">{title}</h3>
      {children}
    </section>
  );
}

export function ClaimDetailsModal({
  claim,
  onClose,
  onEdit,
  onPhoto,
}: {
  claim: AdminWarrantyClaimDto | null;
  onClose: () => void;
  onEdit: (claim: AdminWarrantyClaimDto) => void;
  onPhoto: (claim: AdminWarrantyClaimDto, index: number) => void;
}) {
  const photos = claim ? claimPhotos(claim) : [];
  return (
    <Modal
      open={!!claim}
      onClose={onClose}
      title={claim ? `Solicitud #${claim.id}` : 'Solicitud'}
      footer={
        claim && (
          <DialogActions onCancel={onClose} cancelLabel="Cerrar">
            <Button onClick={() => onEdit(claim)}>Cambiar estado</Button>
          </DialogActions>
        )
      }
    >
      {claim && (
        <div className="space-y-5">
          <div className="flex flex-wrap items-center gap-2">
            <ClaimStatusBadge status={claim.status} />
            <span className="text-xs text-stone-500">
              Creada {formatDateTime(claim.created_at)} · Actualizada {formatDateTime(claim.updated_at)}
            </span>
          </div>

          <div className="grid gap-5 md:grid-cols-2">
            <Block title="Cliente">
              <dl className="divide-y divide-stone-100">
                <Row label="Nombre">{claim.name}</Row>
                <Row label="Email">
                  <a href={`mailto:${claim.email}`} className={linkClass}>
                    {claim.email}
                  </a>
                </Row>
                <Row label="Teléfono">{claim.user_phone || 'No informado'}</Row>
                <Row label="Cliente desde">{claim.user_since ? formatDate(claim.user_since) : 'Sin cuenta'}</Row>
                <Row label="Pedidos anteriores">{claim.previous_orders_count ?? 0}</Row>
              </dl>
              <ClaimantAccount claim={claim} />
            </Block>

            <Block title="Compra">
              <dl className="divide-y divide-stone-100">
                <Row label="Pedido">
                  {claim.order_id && claim.order_number ? (
                    <Link to={orderLink(claim.order_number)} className={linkClass}>
                      Pedido #{claim.order_number}
                    </Link>
                  ) : (
                    'Compra fuera de la tienda'
                  )}
                </Row>
                <Row label="Producto">{claim.product_name}</Row>
                <Row label="Fecha de compra">{formatDate(claim.purchase_date)}</Row>
                <Row label="Germinación">{formatDate(claim.germination_date)}</Row>
              </dl>
            </Block>
          </div>

          <Block title="Descripción del problema">
            <p className="whitespace-pre-line break-words text-sm text-stone-800">{claim.description}</p>
          </Block>

          {photos.length > 0 && (
            <Block title="Fotos">
              <ul className="flex flex-wrap gap-2">
                {photos.map((photo, i) => (
                  <li key={photo}>
                    <button
                      type="button"
                      onClick={() => onPhoto(claim, i)}
                      className="block h-24 w-24 overflow-hidden rounded-lg border border-stone-200 hover:ring-2 hover:ring-brand-600"
                      aria-label={`Ampliar foto ${i + 1}`}
                    >
                      <img src={smallImage(photo) ?? photo} alt="" className="h-full w-full object-cover" />
                    </button>
                  </li>
                ))}
              </ul>
            </Block>
          )}

          <Block title="Gestión">
            <dl className="divide-y divide-stone-100">
              <Row label="Respuesta al cliente">{claim.admin_response || '—'}</Row>
              <Row label="Resolución">{claim.resolution_details || '—'}</Row>
              <Row label="Notas internas">{claim.admin_notes || '—'}</Row>
            </dl>
          </Block>
        </div>
      )}
    </Modal>
  );
}

export function EditClaimModal({ claim, onClose }: { claim: AdminWarrantyClaimDto | null; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open={!!claim}
      onClose={() => !busy && onClose()}
      title={claim ? `Cambiar estado · Solicitud #${claim.id}` : 'Cambiar estado'}
      className="!max-w-lg"
    >
      {claim && <EditClaimForm key={claim.id} claim={claim} onClose={onClose} onBusy={setBusy} />}
    </Modal>
  );
}

/** One of the staff's texts on a claim (notes, response, resolution): up to 5000 characters each. */
function StaffText({ label, hint, value, onChange }: { label: string; hint: string; value: string; onChange: (value: string) => void }) {
  return <TextAreaField label={label} hint={hint} value={value} onChange={(e) => onChange(e.target.value)} maxLength={5000} rows={3} />;
}

function EditClaimForm({ claim, onClose, onBusy }: { claim: AdminWarrantyClaimDto; onClose: () => void; onBusy: (busy: boolean) => void }) {
  const update = useUpdateClaim();
  const [status, setStatus] = useState<WarrantyStatus>(claim.status);
  const [notes, setNotes] = useState(claim.admin_notes ?? '');
  const [response, setResponse] = useState(claim.admin_response ?? '');
  const [resolution, setResolution] = useState(claim.resolution_details ?? '');
  const withResolution = STATUSES_WITH_RESOLUTION.includes(status);

  useEffect(() => onBusy(update.isPending), [update.isPending, onBusy]);

  function submit(event: FormEvent) {
    event.preventDefault();
    update.mutate(
      {
        id: claim.id,
        update: {
          status,
          admin_notes: notes,
          admin_response: response,
          ...(withResolution ? { resolution_details: resolution } : {}),
        },
      },
      {
        onSuccess: () => {
          toast.success(`Solicitud #${claim.id} actualizada: ${WARRANTY_STATUS_LABELS[status]}`);
          onClose();
        },
        onError: (e) => toast.error(`Error al actualizar el reclamo: ${errorMessage(e)}`),
      },
    );
  }

  return (
    <form onSubmit={submit} className="space-y-4">
      <SelectField label="Estado" value={status} onChange={(e) => setStatus(e.target.value as WarrantyStatus)}>
        {WARRANTY_STATUSES.map((s) => (
          <option key={s} value={s}>
            {WARRANTY_STATUS_LABELS[s]}
          </option>
        ))}
      </SelectField>
      {withResolution && (
        <StaffText
          label="Detalles de la resolución"
          hint="El cliente verá estos detalles en su solicitud."
          value={resolution}
          onChange={setResolution}
        />
      )}
      <StaffText label="Notas internas" hint="Solo las ven los administradores." value={notes} onChange={setNotes} />
      <StaffText
        label="Respuesta al cliente"
        hint="Se muestra al cliente junto al estado de su solicitud."
        value={response}
        onChange={setResponse}
      />
      <FormActions onCancel={onClose} busy={update.isPending} busyLabel="Guardando..." className="pt-1">
        Guardar cambios
      </FormActions>
    </form>
  );
}
