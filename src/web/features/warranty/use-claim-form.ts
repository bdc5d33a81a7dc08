// The warranty claim form's state: values, which errors show, the purchase type, the photos and
// the sending (photos uploaded first, then the claim). WarrantyForm lays it out.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast';
import { shopDate } from '../../../domain/dates';
import { type PurchaseType, WARRANTY_SUCCESS_MESSAGE } from '../../../domain/warranty';
import { ApiError } from '../../lib/api';
import { serverFieldErrors } from '../../lib/use-api-form';
import type { SessionUser } from '../../lib/session';
import { submitClaim, uploadWarrantyPhoto, useEligibleOrders, warrantyKeys } from './api';
import { type ClaimErrors, type ClaimField, type ClaimFormValues, EMPTY_CLAIM, orderFill, toClaimBody, validateClaim } from './claim-form';
import type { PickedPhoto } from './PhotoPicker';

const FIELDS: readonly ClaimField[] = [
  'name',
  'email',
  'order_id',
  'product_id',
  'purchase_date',
  'germination_date',
  'product_name',
  'description',
  'photos',
];

/** Server field errors by the form's keys; a field the form lacks is 'general'. */
function claimErrors(error: unknown): ClaimErrors {
  if (!(error instanceof ApiError)) return { general: 'Error al enviar la solicitud de garantía' };
  const named = serverFieldErrors(error, { aliases: { order: 'order_id', order_number: 'order_id' } });
  const errors: ClaimErrors = {};
  for (const [key, message] of Object.entries(named))
    errors[FIELDS.includes(key as ClaimField) ? (key as ClaimField) : 'general'] ??= message;
  if (!Object.keys(errors).length) errors.general = error.message || 'Error al enviar la solicitud de garantía';
  return errors;
}

/** Uploads the photos not uploaded yet. On a failure `keep` receives those uploaded so far (so a
 * second attempt does not send them again) and the error names the photos field. */
async function uploadPhotos(photos: PickedPhoto[], keep: (photos: PickedPhoto[]) => void): Promise<PickedPhoto[]> {
  const uploaded: PickedPhoto[] = [];
  for (const photo of photos) {
    try {
      uploaded.push(photo.url ? photo : { ...photo, url: await uploadWarrantyPhoto(photo.file) });
    } catch (error) {
      keep([...uploaded, ...photos.slice(uploaded.length)]);
      throw new ApiError(
        error instanceof ApiError ? error.status : 0,
        error instanceof Error ? error.message : 'Error al subir la imagen',
        undefined,
        {
          photos: [error instanceof Error ? `Error al subir la imagen: ${error.message}` : 'Error al subir la imagen'],
        },
      );
    }
  }
  return uploaded;
}

export function useClaimForm({ user, onSubmitted }: { user: SessionUser | null; onSubmitted?: () => void }) {
  const guest = !user;
  const queryClient = useQueryClient();
  const today = useMemo(() => shopDate(new Date()), []);
  const eligible = useEligibleOrders(!guest);
  const orders = useMemo(() => eligible.data ?? [], [eligible.data]);

  const [values, setValues] = useState<ClaimFormValues>(EMPTY_CLAIM);
  const [chosenType, setChosenType] = useState<PurchaseType | null>(null);
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  const [touched, setTouched] = useState<ReadonlySet<ClaimField>>(new Set());
  const [serverErrors, setServerErrors] = useState<ClaimErrors>({});
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  // spec §2: with-order by default when the customer has orders to claim from.
  const purchaseType: PurchaseType = guest ? 'without-order' : (chosenType ?? (orders.length ? 'with-order' : 'without-order'));
  const order = purchaseType === 'with-order' ? orders.find((o) => String(o.id) === values.order_id) : undefined;
  const current = { ...values, purchase_type: purchaseType };
  const context = { guest, today, order };
  const clientErrors = validateClaim(current, photos.length, context);
  const invalid = Object.keys(clientErrors).length > 0;

  // Previews are object URLs; free them when the form goes away.
  const photosRef = useRef(photos);
  photosRef.current = photos;
  useEffect(() => () => photosRef.current.forEach((p) => URL.revokeObjectURL(p.preview)), []);

  const errorOf = (field: ClaimField) => serverErrors[field] ?? (touched.has(field) ? clientErrors[field] : undefined);
  const touch = (field: ClaimField) => setTouched((t) => (t.has(field) ? t : new Set(t).add(field)));

  function set<K extends keyof ClaimFormValues>(field: K & ClaimField, value: ClaimFormValues[K]) {
    setValues((v) => ({ ...v, [field]: value }));
    setSent(false);
    if (serverErrors[field]) setServerErrors(({ [field]: _, ...rest }) => rest);
  }

  function chooseOrder(orderId: string) {
    const picked = orders.find((o) => String(o.id) === orderId);
    // An order of one product needs no second choice.
    const onlyProduct = picked?.products.length === 1 ? String(picked.products[0].id) : '';
    setValues((v) => ({ ...v, order_id: orderId, product_id: onlyProduct }));
    setServerErrors(({ order_id: _o, product_id: _p, ...rest }) => rest);
    touch('order_id');
  }

  function changePhotos(next: PickedPhoto[]) {
    setPhotos(next);
    touch('photos');
    setSent(false);
    if (serverErrors.photos) setServerErrors(({ photos: _, ...rest }) => rest);
  }

  function reset() {
    photos.forEach((p) => URL.revokeObjectURL(p.preview));
    setPhotos([]);
    setValues(EMPTY_CLAIM);
    setChosenType(null);
    setTouched(new Set());
    setServerErrors({});
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    if (invalid) {
      setTouched(new Set(FIELDS));
      toast.error('Por favor corrige los errores en el formulario');
      return;
    }
    setSending(true);
    setServerErrors({});
    try {
      const uploaded = await uploadPhotos(photos, setPhotos);
      setPhotos(uploaded);
      await submitClaim(
        toClaimBody(
          current,
          uploaded.map((p) => p.url!),
          context,
        ),
      );
      toast.success(WARRANTY_SUCCESS_MESSAGE);
      reset();
      setSent(true);
      void queryClient.invalidateQueries({ queryKey: ['warranty'] });
      onSubmitted?.();
    } catch (error) {
      const errors = claimErrors(error);
      setServerErrors(errors);
      // The order may have stopped being eligible (cancelled meanwhile): reload the list.
      if (errors.order_id) void queryClient.invalidateQueries({ queryKey: warrantyKeys.eligibleOrders });
      const messages = [...new Set(Object.values(errors))];
      toast.error(messages.join('. ') || 'Error en el formulario');
    } finally {
      setSending(false);
    }
  }

  return {
    user,
    guest,
    today,
    /** The default purchase type depends on the customer's orders: the form waits for them. */
    loadingOrders: !guest && eligible.isPending,
    orders,
    order,
    values,
    purchaseType,
    choosePurchaseType: setChosenType,
    /** What the chosen order fills in by itself. */
    fill: orderFill(order, values.product_id),
    photos,
    changePhotos,
    errorOf,
    set,
    touch,
    chooseOrder,
    submit,
    sending,
    sent,
    invalid,
    /** The server's messages, once each, for the summary above the button. */
    summary: [...new Set(Object.values(serverErrors).filter(Boolean))],
  };
}

export type ClaimForm = ReturnType<typeof useClaimForm>;
