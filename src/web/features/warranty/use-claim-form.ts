// The warranty claim form's state: values, which errors show, the purchase type, the photos and
// the sending (photos uploaded first, then the claim). WarrantyForm lays it out.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import type { PathValue } from 'react-hook-form';
import { toast } from '../../lib/toast';
import { shopDate } from '../../../domain/dates';
import { type PurchaseType, WARRANTY_SUCCESS_MESSAGE } from '../../../domain/warranty';
import { ApiError } from '../../lib/api';
import { useApiForm } from '../../lib/use-api-form';
import type { SessionUser } from '../../lib/session';
import { submitClaim, uploadWarrantyPhoto, useEligibleOrders, warrantyKeys } from './api';
import {
  claimFormSchema,
  type ClaimErrors,
  type ClaimField,
  type ClaimFormValues,
  EMPTY_CLAIM,
  orderFill,
  toClaimBody,
  validateClaim,
} from './claim-form';
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

  const [chosenType, setChosenType] = useState<PurchaseType | null>(null);
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  const [touched, setTouched] = useState<ReadonlySet<ClaimField>>(new Set());
  const [sent, setSent] = useState(false);
  // spec §2: with-order by default when the customer has orders to claim from.
  const purchaseType: PurchaseType = guest ? 'without-order' : (chosenType ?? (orders.length ? 'with-order' : 'without-order'));
  const orderOf = (v: ClaimFormValues) => (purchaseType === 'with-order' ? orders.find((o) => String(o.id) === v.order_id) : undefined);
  const contextOf = (v: ClaimFormValues) => ({ guest, today, order: orderOf(v) });
  const { form, showServerErrors } = useApiForm<ClaimFormValues>({
    // The domain's claim rules and the chosen order's dates, on the form as it stands.
    schema: (v) => claimFormSchema(purchaseType, photos.length, contextOf(v)),
    defaultValues: EMPTY_CLAIM,
  });
  const values = form.watch();

  const order = orderOf(values);
  const current = { ...values, purchase_type: purchaseType };
  const context = contextOf(values);
  const clientErrors = validateClaim(current, photos.length, context);
  const invalid = Object.keys(clientErrors).length > 0;
  // What the server refused, by field ('general': what it said of no field of the form).
  const { errors } = form.formState;
  const serverErrors: ClaimErrors = {};
  for (const field of FIELDS)
    if (errors[field as keyof ClaimFormValues]?.type === 'server') serverErrors[field] = errors[field as keyof ClaimFormValues]?.message;
  if (errors.root?.general?.message) serverErrors.general = errors.root.general.message;

  // Previews are object URLs; free them when the form goes away.
  const photosRef = useRef(photos);
  photosRef.current = photos;
  useEffect(() => () => photosRef.current.forEach((p) => URL.revokeObjectURL(p.preview)), []);

  const errorOf = (field: ClaimField) => serverErrors[field] ?? (touched.has(field) ? clientErrors[field] : undefined);
  const touch = (field: ClaimField) => setTouched((t) => (t.has(field) ? t : new Set(t).add(field)));

  function set<K extends keyof ClaimFormValues>(field: K & ClaimField, value: ClaimFormValues[K]) {
    form.setValue(field, value as PathValue<ClaimFormValues, K>);
    setSent(false);
    form.clearErrors(field);
  }

  function chooseOrder(orderId: string) {
    const picked = orders.find((o) => String(o.id) === orderId);
    // An order of one product needs no second choice.
    form.setValue('order_id', orderId);
    form.setValue('product_id', picked?.products.length === 1 ? String(picked.products[0].id) : '');
    form.clearErrors(['order_id', 'product_id']);
    touch('order_id');
  }

  function changePhotos(next: PickedPhoto[]) {
    setPhotos(next);
    touch('photos');
    setSent(false);
    form.clearErrors('photos' as keyof ClaimFormValues);
  }

  function reset() {
    photos.forEach((p) => URL.revokeObjectURL(p.preview));
    setPhotos([]);
    form.reset(EMPTY_CLAIM);
    setChosenType(null);
    setTouched(new Set());
  }

  async function send(checked: ClaimFormValues) {
    try {
      const uploaded = await uploadPhotos(photos, setPhotos);
      setPhotos(uploaded);
      const claim = { ...checked, purchase_type: purchaseType };
      await submitClaim(
        toClaimBody(
          claim,
          uploaded.map((p) => p.url!),
          contextOf(claim),
        ),
      );
      toast.success(WARRANTY_SUCCESS_MESSAGE);
      reset();
      setSent(true);
      void queryClient.invalidateQueries({ queryKey: ['warranty'] });
      onSubmitted?.();
    } catch (error) {
      const fallback = 'Error al enviar la solicitud de garantía';
      const shown =
        error instanceof ApiError &&
        showServerErrors(error, { fields: FIELDS, aliases: { order: 'order_id', order_number: 'order_id' }, rest: 'root.general' });
      if (!shown) form.setError('root.general', { type: 'server', message: (error instanceof ApiError && error.message) || fallback });
      // The order may have stopped being eligible (cancelled meanwhile): reload the list.
      if (form.getFieldState('order_id').error) void queryClient.invalidateQueries({ queryKey: warrantyKeys.eligibleOrders });
      const { errors: refused } = form.formState;
      const messages = [...new Set([...FIELDS.map((f) => refused[f as keyof ClaimFormValues]?.message), refused.root?.general?.message])];
      toast.error(messages.filter(Boolean).join('. ') || 'Error en el formulario');
    }
  }

  const submit = (event: FormEvent) => {
    if (form.formState.isSubmitting) return event.preventDefault();
    return form.handleSubmit(send, () => {
      setTouched(new Set(FIELDS));
      toast.error('Por favor corrige los errores en el formulario');
    })(event);
  };

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
    sending: form.formState.isSubmitting,
    sent,
    invalid,
    /** The server's messages, once each, for the summary above the button. */
    summary: [...new Set(Object.values(serverErrors).filter(Boolean))],
  };
}

export type ClaimForm = ReturnType<typeof useClaimForm>;
