// The germination warranty claim form (spec accounts-admin §2 warranty, §5, §8 warranty): guests
// give name and e-mail; customers choose an eligible order and one of its products, or describe
// a purchase made elsewhere. Photos are uploaded through /api/uploads/ when the claim is sent.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import { formatDate, shopDate } from '../../../domain/dates';
import { type PurchaseType, WARRANTY_DESCRIPTION_MIN, WARRANTY_SUCCESS_MESSAGE } from '../../../domain/warranty';
import { ApiError } from '../../lib/api';
import type { SessionUser } from '../../lib/session';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { TextField } from '../../components/ui/fields';
import { submitClaim, uploadWarrantyPhoto, useEligibleOrders, warrantyKeys } from './api';
import { type ClaimErrors, type ClaimField, type ClaimFormValues, EMPTY_CLAIM, orderFill, toClaimBody, validateClaim } from './claim-form';
import { ReadOnlyField, SelectField, TextAreaField } from './controls';
import { type PickedPhoto, PhotoPicker } from './PhotoPicker';

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

const fullName = (user: SessionUser) => `${user.first_name} ${user.last_name}`.trim() || user.username;

/** Server field errors by the form's keys; anything else is 'general'. */
function serverFieldErrors(error: unknown): ClaimErrors {
  if (!(error instanceof ApiError)) return { general: 'Error al enviar la solicitud de garantía' };
  const errors: ClaimErrors = {};
  for (const [key, messages] of Object.entries(error.errors ?? {})) {
    const field: ClaimField =
      key === 'order' || key === 'order_number' ? 'order_id' : FIELDS.includes(key as ClaimField) ? (key as ClaimField) : 'general';
    const message = messages?.[0];
    if (message) errors[field] ??= message;
  }
  if (!Object.keys(errors).length) errors.general = error.message || 'Error al enviar la solicitud de garantía';
  return errors;
}

/** `headingLevel`: the level of the form's card titles, one below the page's own heading. */
export function WarrantyForm({
  user,
  onSubmitted,
  headingLevel = 'h3',
}: {
  user: SessionUser | null;
  onSubmitted?: () => void;
  headingLevel?: 'h2' | 'h3';
}) {
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
      const uploaded: PickedPhoto[] = [];
      for (const photo of photos) {
        try {
          uploaded.push(photo.url ? photo : { ...photo, url: await uploadWarrantyPhoto(photo.file) });
        } catch (error) {
          setPhotos([...uploaded, ...photos.slice(uploaded.length)]);
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
      const errors = serverFieldErrors(error);
      setServerErrors(errors);
      // The order may have stopped being eligible (cancelled meanwhile): reload the list.
      if (errors.order_id) void queryClient.invalidateQueries({ queryKey: warrantyKeys.eligibleOrders });
      const messages = [...new Set(Object.values(errors))];
      toast.error(messages.join('. ') || 'Error en el formulario');
    } finally {
      setSending(false);
    }
  }

  // The default purchase type depends on the customer's orders: wait for them.
  if (!guest && eligible.isPending) {
    return (
      <div className="flex items-center justify-center gap-3 py-16 text-stone-600" role="status">
        <span className="h-6 w-6 animate-spin rounded-full border-4 border-brand-200 border-t-brand-700" aria-hidden="true" />
        Cargando tus pedidos...
      </div>
    );
  }

  const summary = [...new Set(Object.values(serverErrors).filter(Boolean))];
  const fill = orderFill(order, values.product_id);

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label="Solicitud de garantía">
      {sent && guest && (
        <Alert tone="success" title={WARRANTY_SUCCESS_MESSAGE}>
          Te escribiremos al correo que indicaste.
        </Alert>
      )}

      {!guest && (
        <FormCard as={headingLevel} title="Tipo de compra">
          <fieldset>
            <legend className="sr-only">¿Dónde compraste las semillas?</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              <TypeOption
                checked={purchaseType === 'with-order'}
                onSelect={() => setChosenType('with-order')}
                title="Compré en esta tienda"
                text={orders.length ? 'Elige el pedido y el producto.' : 'No tienes pedidos que puedan reclamarse.'}
                disabled={!orders.length}
              />
              <TypeOption
                checked={purchaseType === 'without-order'}
                onSelect={() => setChosenType('without-order')}
                title="Compré en otro lugar"
                text="Indica la fecha de compra y el producto."
              />
            </div>
          </fieldset>
        </FormCard>
      )}

      <FormCard as={headingLevel} title={guest ? 'Tus datos' : 'Datos de la compra'}>
        <div className="grid gap-4 sm:grid-cols-2">
          {guest ? (
            <>
              <TextField
                label="Nombre"
                autoComplete="name"
                value={values.name}
                onChange={(e) => set('name', e.target.value)}
                onBlur={() => touch('name')}
                error={errorOf('name')}
              />
              <TextField
                label="Correo electrónico"
                type="email"
                autoComplete="email"
                value={values.email}
                onChange={(e) => set('email', e.target.value)}
                onBlur={() => touch('email')}
                error={errorOf('email')}
              />
            </>
          ) : (
            <>
              <ReadOnlyField label="Nombre" value={order?.recipient_name || fullName(user)} />
              <ReadOnlyField label="Correo electrónico" value={user.email} />
            </>
          )}

          {purchaseType === 'with-order' ? (
            <>
              <SelectField
                label="Pedido"
                value={values.order_id}
                onChange={(e) => chooseOrder(e.target.value)}
                onBlur={() => touch('order_id')}
                error={errorOf('order_id')}
              >
                <option value="">Selecciona un pedido</option>
                {orders.map((o) => (
                  <option key={o.id} value={o.id}>
                    Pedido #{o.order_number} · {formatDate(o.purchase_date)}
                  </option>
                ))}
              </SelectField>
              <SelectField
                label="Producto"
                value={values.product_id}
                onChange={(e) => set('product_id', e.target.value)}
                onBlur={() => touch('product_id')}
                error={values.order_id ? errorOf('product_id') : undefined}
                disabled={!order}
                hint={!order ? 'Primero selecciona un pedido.' : undefined}
              >
                <option value="">Selecciona un producto</option>
                {order?.products.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </SelectField>
              <ReadOnlyField label="Fecha de compra" value={fill.purchase_date ? formatDate(fill.purchase_date) : ''} />
              <ReadOnlyField label="Nombre del producto" value={fill.product_name} />
            </>
          ) : (
            <>
              <TextField
                label="Fecha de compra"
                type="date"
                max={today}
                value={values.purchase_date}
                onChange={(e) => set('purchase_date', e.target.value)}
                onBlur={() => touch('purchase_date')}
                error={errorOf('purchase_date')}
              />
              <TextField
                label="Nombre del producto"
                value={values.product_name}
                onChange={(e) => set('product_name', e.target.value)}
                onBlur={() => touch('product_name')}
                error={errorOf('product_name')}
                placeholder="Ej.: Gorilla Glue Auto x3"
              />
            </>
          )}
        </div>
      </FormCard>

      <FormCard as={headingLevel} title="El problema">
        <div className="space-y-4">
          <TextField
            label="Fecha de germinación"
            type="date"
            max={today}
            min={purchaseType === 'with-order' ? fill.purchase_date || undefined : values.purchase_date || undefined}
            value={values.germination_date}
            onChange={(e) => set('germination_date', e.target.value)}
            onBlur={() => touch('germination_date')}
            error={errorOf('germination_date')}
            className="sm:max-w-xs"
          />
          <TextAreaField
            label="Descripción del problema"
            value={values.description}
            onChange={(e) => set('description', e.target.value)}
            onBlur={() => touch('description')}
            error={errorOf('description')}
            hint={`Cuéntanos cómo germinaste las semillas y qué pasó (mínimo ${WARRANTY_DESCRIPTION_MIN} caracteres).`}
            maxLength={5000}
            rows={5}
          />
          <PhotoPicker
            photos={photos}
            onChange={(next) => {
              setPhotos(next);
              touch('photos');
              setSent(false);
              if (serverErrors.photos) setServerErrors(({ photos: _, ...rest }) => rest);
            }}
            error={errorOf('photos')}
            disabled={sending}
          />
        </div>
      </FormCard>

      {summary.length > 0 && (
        <Alert tone="error" title="Por favor corrige los siguientes errores:">
          <ul className="list-disc space-y-0.5 pl-5">
            {summary.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </Alert>
      )}

      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-stone-600">La garantía cubre únicamente la germinación inicial y no reemplaza plántulas.</p>
        <Button type="submit" loading={sending} loadingText="Enviando..." disabled={invalid} className="sm:min-w-48">
          Enviar solicitud
        </Button>
      </div>
    </form>
  );
}

function FormCard({ as: Heading, title, children }: { as: 'h2' | 'h3'; title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6">
      <Heading className="mb-4 text-base font-semibold text-stone-900">{title}</Heading>
      {children}
    </section>
  );
}

function TypeOption({
  checked,
  onSelect,
  title,
  text,
  disabled,
}: {
  checked: boolean;
  onSelect: () => void;
  title: string;
  text: string;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <label
      className={`flex cursor-pointer gap-3 rounded-xl border p-4 transition has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600/40 ${
        checked ? 'border-brand-600 bg-brand-50' : 'border-stone-200 hover:border-stone-300'
      } ${disabled ? 'cursor-not-allowed opacity-60' : ''}`}
    >
      <input
        type="radio"
        name="purchase_type"
        checked={checked}
        onChange={onSelect}
        disabled={disabled}
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
        className="mt-1 h-4 w-4 accent-brand-700"
      />
      <span>
        <span id={`${id}-title`} className="block font-medium text-stone-900">
          {title}
        </span>
        <span id={`${id}-text`} className="block text-sm text-stone-600">
          {text}
        </span>
      </span>
    </label>
  );
}
