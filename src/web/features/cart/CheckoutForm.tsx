// The checkout form (spec storefront §2, §4, §5; issue 23): recipient, phone, delivery address and
// shipping method, with the subtotal, shipping and total before confirming. Stock, prices and the
// shipping quote are checked again by the server when the order is created.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate, Link } from 'react-router';
import { toast } from '../../lib/toast';
import type { ProfileDto } from '../../../domain/auth';
import { cartTotal } from '../../../domain/cart';
import { formatArs } from '../../../domain/money';
import { cartCutNotice, type OrderDto } from '../../../domain/orders';
import { orderTotals } from '../../../domain/order-totals';
import { isProvince, type ShippingOption } from '../../../domain/shipping';
import { ApiError } from '../../lib/api';
import { useApiForm } from '../../lib/use-api-form';
import { useSession } from '../../lib/session';
import { cart, type CartLine } from '../../lib/cart-store';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { AddressFields, PhoneField, ProvinceField } from '../../components/ui/address-fields';
import { TextField } from '../../components/ui/fields';
import { createOrder, useCheckoutProfile, useLastOrder, useShippingOptions, useShippingProvinces } from './api';
import { checkoutSchema, missingFields, type CheckoutOutput, type CheckoutValues } from './checkout-schema';
import { CouponField, useCoupon, type CouponState } from './CouponField';
import { shippingPriceText, ShippingMethods } from './ShippingMethods';

export const ORDER_CREATED = '¡Orden creada exitosamente! Te enviaremos un email con los detalles y próximos pasos.';

export function CheckoutForm({ lines, onBack }: { lines: CartLine[]; onBack: () => void }) {
  const profile = useCheckoutProfile();
  const { user } = useSession();
  // Where the shop ships is known before the form shows, so it never shows a province field it
  // then takes away.
  const reach = useShippingProvinces(user?.id);
  const lastOrder = useLastOrder(user?.id);
  if (profile.isPending || reach.isPending || (lastOrder.isPending && lastOrder.fetchStatus !== 'idle'))
    return (
      <p role="status" className="text-sm text-stone-600">
        Cargando tus datos...
      </p>
    );
  // Without the profile the form simply starts empty; with no method set up at all it is the
  // spec's checkout, with no province and no shipping.
  return (
    <CheckoutFields
      lines={lines}
      onBack={onBack}
      profile={profile.data ?? null}
      lastOrder={lastOrder.data ?? null}
      shippingOff={reach.data?.provinces.length === 0}
    />
  );
}

/**
 * A returning customer starts from the last order's delivery: its method (kept if it still reaches
 * the province, else the cheapest that does) and its address, or the saved one.
 */
function initialValues(profile: ProfileDto | null, lastOrder: OrderDto | null, name: string): CheckoutValues {
  const saved = lastOrder?.address ?? profile?.last_address;
  const lastMethod = lastOrder?.shipping?.method_id;
  return {
    recipient_name: name,
    customer_phone: profile?.phone ?? '',
    // The spec's only delivery type, used when no shipping method reaches the province.
    delivery_type: 'coordinate',
    shipping_method_id: lastMethod ? String(lastMethod) : '',
    address: {
      street: saved?.street ?? '',
      number: saved?.number ?? '',
      zip_code: saved?.zip_code ?? '',
      city: saved?.city ?? '',
      province: saved?.province ?? '',
      details: saved?.details ?? '',
    },
  };
}

function CheckoutFields({
  lines,
  onBack,
  profile,
  lastOrder,
  shippingOff,
}: {
  lines: CartLine[];
  onBack: () => void;
  profile: ProfileDto | null;
  lastOrder: OrderDto | null;
  shippingOff: boolean;
}) {
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [serverError, setServerError] = useState<string | null>(null);
  const subtotal = cartTotal(lines);
  const [defaults] = useState(() => initialValues(profile, lastOrder, user ? `${user.first_name} ${user.last_name}`.trim() : ''));
  const [province, setProvince] = useState(defaults.address.province);
  const provinceCode = isProvince(province) && !shippingOff ? province : null;
  const shipping = useShippingOptions(user?.id, provinceCode ?? '', subtotal);
  const options = provinceCode ? shipping.data : undefined;
  const optionOf = (id: string): ShippingOption | null => options?.find((o) => String(o.method_id) === id) ?? null;

  const { form, field, showServerErrors } = useApiForm<CheckoutValues, CheckoutOutput>({
    // Home delivery needs the whole address: the rules follow the method chosen in the values checked.
    schema: (values) => checkoutSchema(optionOf(values.shipping_method_id)?.kind ?? null, !shippingOff),
    defaultValues: defaults,
    mode: 'onTouched',
  });
  const { isSubmitting, isValid } = form.formState;
  const chosen = optionOf(form.watch('shipping_method_id'));
  const coupon = useCoupon(lines);
  const total = checkoutTotal(subtotal, chosen, coupon.applied);
  // Options still on their way: nothing to confirm yet.
  const waiting = provinceCode !== null && !options;
  const missing = isValid ? [] : missingFields(chosen?.kind ?? null, form.watch(), !shippingOff);
  const missingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);

  // 'Iniciar Pedido' disappears with the click: the form's heading takes the focus.
  useEffect(() => {
    heading.current?.focus();
  }, []);

  // The cheapest method is chosen for a new province, unless the one chosen (or the last order's) also reaches it.
  useEffect(() => {
    if (!options) return;
    if (options.some((o) => String(o.method_id) === form.getValues('shipping_method_id'))) return;
    form.setValue('shipping_method_id', options[0] ? String(options[0].method_id) : '', { shouldValidate: true });
  }, [options, form]);

  async function onSubmit(values: CheckoutOutput) {
    setServerError(null);
    const option = optionOf(values.shipping_method_id);
    // Without a method only when none reaches the province (options read and empty) or none is set up.
    if (!option && options?.length !== 0 && !shippingOff) {
      setServerError('Elige un método de envío');
      return;
    }
    const { province: chosenProvince } = values.address;
    const delivery =
      option && chosenProvince
        ? {
            delivery_type: option.kind === 'coordinate' ? ('coordinate' as const) : ('address' as const),
            shipping_method_id: option.method_id,
            address: { ...values.address, province: chosenProvince },
          }
        : // No method reaches the province: the spec's order, delivery agreed later and no shipping.
          { delivery_type: 'coordinate' as const };
    try {
      const applied = coupon.applied;
      await createOrder({
        // The e-mail is the session's.
        recipient_name: values.recipient_name,
        customer_phone: values.customer_phone,
        ...delivery,
        products: lines.map((l) => ({ product_id: l.id, blister_id: l.blister_id, quantity: l.quantity })),
        ...(applied ? { coupon_code: applied.code } : {}),
        // The total on screen: the server refuses the order (PRICE_CHANGED) if it would charge another.
        expected_total: checkoutTotal(subtotal, option, applied),
      });
      // Lines the cart could not sell stay in it, marked.
      cart.removeLines(lines);
      // Stock, the customer's orders and the saved address changed.
      await queryClient.invalidateQueries();
      toast.success(ORDER_CREATED);
      void navigate('/mi-cuenta?section=orders', { state: { focusHeading: true } });
    } catch (e) {
      let message = e instanceof ApiError ? e.message : 'Error al procesar la orden';
      if (e instanceof ApiError && e.code === 'COUPON_REFUSED') coupon.refused(e.message);
      if (e instanceof ApiError) {
        showServerErrors(e, { fields: FORM_FIELDS });
        const cartChange = await followServer(e);
        if (cartChange) message = `${message}. ${cartChange}`;
      }
      setServerError(message);
      toast.error(message);
    }
  }

  /**
   * The cart takes what the server answered at once: the new prices, or the units still in stock.
   * The shipping options are read again too, so a method gone or priced anew shows at once.
   * Returns what it says of a line it cut to the stock left.
   */
  async function followServer(e: ApiError): Promise<string | null> {
    let cartChange: string | null = null;
    const body = e.body ?? {};
    if (e.code === 'PRICE_CHANGED' && Array.isArray(body.lines)) {
      for (const changed of body.lines as { product_id: number; blister_id: number; price: number }[]) {
        const line = lines.find((l) => l.id === changed.product_id && l.blister_id === changed.blister_id);
        if (line)
          cart.reprice(line, {
            price: changed.price,
            original_price: Math.max(line.original_price, changed.price),
            discount: line.discount,
          });
      }
    }
    if (e.code === 'INSUFFICIENT_STOCK' && typeof body.blister_id === 'number' && typeof body.available === 'number') {
      const line = lines.find((l) => l.blister_id === body.blister_id);
      if (line) {
        if (body.available > 0) cart.setQuantity(line, body.available, body.available);
        else cart.remove(line);
        cartChange = cartCutNotice(body.available);
      }
    }
    // The lines' stock and prices and the shipping options are read again (discounts and badges follow).
    await queryClient.invalidateQueries({ queryKey: ['cart'] });
    return cartChange;
  }

  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="space-y-4" aria-label="Datos del pedido">
      <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold text-stone-900">
        Datos del pedido
      </h2>
      {serverError && <Alert tone="error">{serverError}</Alert>}
      <TextField label="Nombre de quien recibe" autoComplete="name" {...field('recipient_name')} />
      <PhoneField {...field('customer_phone')} />
      {!shippingOff && (
        <ProvinceField
          {...field('address.province')}
          // Registered again with the listener that quotes the shipping to the province chosen.
          {...form.register('address.province', { onChange: (e: { target: { value: string } }) => setProvince(e.target.value) })}
        />
      )}
      <ShippingMethods
        off={shippingOff}
        province={provinceCode}
        options={options}
        loading={shipping.isFetching && !options}
        failed={shipping.isError && !options}
        onRetry={() => void shipping.refetch()}
        method={form.register('shipping_method_id')}
        fallback={form.register('delivery_type')}
      />
      {chosen?.kind === 'home' && <AddressFields legend="Dirección de entrega" required field={(key) => field(`address.${key}`)} />}
      <CouponField coupon={coupon} />
      <Totals subtotal={subtotal} shipping={chosen} agreed={options?.length === 0 || shippingOff} coupon={coupon.applied} total={total} />
      <p className="text-sm text-stone-600">
        Al confirmar te enviaremos un email con la confirmación y los pasos para el pago y la entrega.
      </p>
      <p className="text-xs text-stone-500">
        Al confirmar aceptas los{' '}
        <Link to="/terminos" className="underline underline-offset-2">
          términos y condiciones
        </Link>
        .
      </p>
      <div className="flex flex-col gap-2">
        <Button
          type="submit"
          className="w-full"
          disabled={!isValid || waiting}
          aria-describedby={missing.length ? missingId : undefined}
          loading={isSubmitting}
          loadingText="Procesando..."
        >
          Confirmar Pedido
        </Button>
        {missing.length > 0 && (
          <p id={missingId} className="text-sm text-stone-600">
            Para confirmar falta: {missing.join(', ')}.
          </p>
        )}
        <Button variant="secondary" className="w-full" onClick={onBack} disabled={isSubmitting}>
          Volver
        </Button>
      </div>
    </form>
  );
}

/** The fields whose server errors are shown next to them. */
const FORM_FIELDS = [
  'recipient_name',
  'customer_phone',
  'address.province',
  'address.street',
  'address.number',
  'address.zip_code',
  'address.city',
  'address.details',
];

/**
 * What the order will charge, by the server's own rule (domain/order-totals.ts): the products (at
 * the prices the coupon's answer says, when one applies), less the coupon, plus the shipping
 * unless the coupon makes it free.
 */
function checkoutTotal(cartSubtotal: number, shipping: ShippingOption | null, coupon: CouponState['applied']): number {
  return orderTotals({ products: coupon ? coupon.subtotal : cartSubtotal, shipping: shipping ? shipping.price : null, coupon }).total;
}

/** Subtotal, shipping, the coupon and the total the order will charge (the figure sent as expected_total). */
function Totals({
  subtotal,
  shipping,
  agreed,
  coupon,
  total,
}: {
  subtotal: number;
  shipping: ShippingOption | null;
  agreed: boolean;
  coupon: CouponState['applied'];
  total: number;
}) {
  return (
    <dl className="space-y-1.5 rounded-lg bg-stone-50 p-3 text-sm" aria-label="Total del pedido">
      <div className="flex justify-between gap-3 text-stone-700">
        <dt>Subtotal</dt>
        <dd>{formatArs(coupon ? coupon.subtotal : subtotal)}</dd>
      </div>
      <div className="flex justify-between gap-3 text-stone-700">
        <dt className="min-w-0">{shipping ? `Envío (${shipping.name})` : 'Envío'}</dt>
        <dd className="shrink-0">
          {shipping && coupon?.free_shipping
            ? 'Gratis con el cupón'
            : shipping
              ? shippingPriceText(shipping)
              : agreed
                ? 'A coordinar'
                : 'Según la provincia'}
        </dd>
      </div>
      {coupon && coupon.discount > 0 && (
        <div className="flex justify-between gap-3 text-brand-800">
          <dt className="min-w-0 break-all">Cupón {coupon.code}</dt>
          <dd className="shrink-0">−{formatArs(coupon.discount)}</dd>
        </div>
      )}
      <div className="flex justify-between gap-3 border-t border-stone-200 pt-2 text-base font-bold text-stone-900">
        <dt>Total</dt>
        <dd>{formatArs(total)}</dd>
      </div>
    </dl>
  );
}
