// The checkout form (spec storefront §2, §4, §5): recipient, phone and delivery type. Stock and
// prices are checked again by the server when the order is created.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ApiError } from '../../lib/api';
import { useSession } from '../../lib/session';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { TextField } from '../../components/ui/fields';
import { HandshakeIcon, TruckLargeIcon } from '../../components/ui/account-icons';
import { createOrder } from './api';
import { cart, type CartLine } from '../../lib/cart-store';
import { cartTotal } from '../../../domain/cart';
import { checkoutFormSchema, type CheckoutFormValues } from '../../../domain/orders';
import { isValidPhone, normalizePhone, PHONE_MAX_LENGTH } from '../../../domain/phone';

export const ORDER_CREATED = '¡Orden creada exitosamente! Te enviaremos un email con los detalles y próximos pasos.';

export function CheckoutForm({ lines, onBack }: { lines: CartLine[]; onBack: () => void }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [serverError, setServerError] = useState<string | null>(null);
  const deliveryHeading = useId();
  const deliveryError = useId();
  const form = useForm<CheckoutFormValues, unknown, z.output<typeof checkoutFormSchema>>({
    resolver: zodResolver(checkoutFormSchema),
    defaultValues: {
      recipient_name: user ? `${user.first_name} ${user.last_name}`.trim() : '',
      customer_phone: '',
      // The only delivery type the shop offers for now: chosen already.
      delivery_type: 'coordinate',
    },
    mode: 'onTouched',
  });
  const { errors, isSubmitting, isValid } = form.formState;
  const phone = form.register('customer_phone');
  const missing = isValid ? [] : missingFields(form.watch());
  const missingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // 'Iniciar Pedido' disappears with the click: the form's heading takes the focus.
  useEffect(() => {
    heading.current?.focus();
  }, []);

  async function onSubmit(values: z.output<typeof checkoutFormSchema>) {
    setServerError(null);
    try {
      await createOrder({
        // The e-mail is the session's and a 'coordinate' delivery's address is set by the server.
        recipient_name: values.recipient_name,
        customer_phone: values.customer_phone,
        delivery_type: values.delivery_type,
        products: lines.map((l) => ({ product_id: l.id, blister_id: l.blister_id, quantity: l.quantity })),
        // The total on screen: the server refuses the order (PRICE_CHANGED) if it would charge another.
        expected_total: cartTotal(lines),
      });
      cart.clear();
      // Stock and the customer's orders changed.
      await queryClient.invalidateQueries();
      toast.success(ORDER_CREATED);
      void navigate('/mi-cuenta?section=orders', { state: { focusHeading: true } });
    } catch (e) {
      const message = e instanceof ApiError ? e.message : 'Error al procesar la orden';
      if (e instanceof ApiError) await followServer(e);
      setServerError(message);
      toast.error(message);
    }
  }

  /** The cart takes what the server answered at once: the new prices, or the units still in stock. */
  async function followServer(e: ApiError) {
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
      }
    }
    // The lines' stock and prices are read again (discounts and badges follow).
    await queryClient.invalidateQueries({ queryKey: ['cart'] });
  }

  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="space-y-4" aria-label="Datos del pedido">
      <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold text-stone-900">
        Datos del pedido
      </h2>
      {serverError && <Alert tone="error">{serverError}</Alert>}
      <TextField
        label="Nombre de quien recibe"
        autoComplete="name"
        error={errors.recipient_name?.message}
        {...form.register('recipient_name')}
      />
      <TextField
        label="Teléfono"
        type="tel"
        autoComplete="tel-national"
        // Long enough for a pasted or autofilled '+54 9 11 2345-6789': it is normalised, then checked.
        maxLength={PHONE_MAX_LENGTH}
        placeholder="1123456789"
        hint="10 dígitos, con código de área, sin 0 ni 15."
        error={errors.customer_phone?.message}
        {...phone}
        onBlur={(e) => {
          const digits = normalizePhone(e.target.value);
          if (isValidPhone(digits)) e.target.value = digits;
          return phone.onBlur(e);
        }}
      />
      <fieldset aria-describedby={errors.delivery_type ? deliveryError : undefined}>
        <legend id={deliveryHeading} className="mb-1.5 text-sm font-medium text-stone-800">
          Método de entrega
        </legend>
        <div className="space-y-2">
          <label className="flex cursor-not-allowed items-center gap-3 rounded-lg border border-stone-200 bg-stone-50 p-3 text-stone-400">
            <input type="radio" value="address" disabled className="h-4 w-4" {...form.register('delivery_type')} />
            <TruckLargeIcon size={20} />
            <span className="line-through">Envío a domicilio</span>
          </label>
          <label className="flex cursor-pointer items-center gap-3 rounded-lg border border-stone-300 bg-white p-3 text-stone-800 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:ring-1 has-[:checked]:ring-brand-600">
            <input type="radio" value="coordinate" className="h-4 w-4 accent-brand-700" {...form.register('delivery_type')} />
            <HandshakeIcon size={20} className="text-brand-700" />
            <span className="font-medium">Acordar entrega</span>
          </label>
        </div>
        {errors.delivery_type && (
          <p id={deliveryError} className="mt-1.5 text-sm text-red-700">
            {errors.delivery_type.message}
          </p>
        )}
      </fieldset>
      <p className="text-sm text-stone-600">
        Al confirmar te enviaremos un email con la confirmación y los pasos para el pago y la entrega.
      </p>
      <div className="flex flex-col gap-2">
        <Button
          type="submit"
          className="w-full"
          disabled={!isValid}
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

const FIELD_NAMES: Record<keyof CheckoutFormValues, string> = {
  recipient_name: 'el nombre de quien recibe',
  customer_phone: 'un teléfono válido',
  delivery_type: 'el método de entrega',
};

/** What keeps the order from being confirmed, in the form's order. */
function missingFields(values: Partial<CheckoutFormValues>): string[] {
  const result = checkoutFormSchema.safeParse(values);
  if (result.success) return [];
  const invalid = new Set(result.error.issues.map((issue) => issue.path[0]));
  return (Object.keys(FIELD_NAMES) as (keyof CheckoutFormValues)[]).filter((f) => invalid.has(f)).map((f) => FIELD_NAMES[f]);
}
