// /arrepentimiento: the 'Botón de arrepentimiento' (Res. SCI 424/2020). Anyone asks to revoke a
// purchase with name, e-mail, order number and an optional reason, and reads the request's code,
// which is also e-mailed to them. A signed-in customer finds the form filled: their name, e-mail and
// the order of the link (?pedido=…) or their latest one; the server tells them when the number is
// not one of their orders.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { REVOCATION_DAYS } from '../../../domain/legal';
import { REVOCATION_REASON_MAX, revocationSchema, type RevocationRequest } from '../../../domain/legal-schemas';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { TextAreaField, TextField } from '../../components/ui/fields';
import { ApiError } from '../../lib/api';
import { useSession } from '../../lib/session';
import { useLatestOrderNumber, useSendRevocation } from './api';
import { bindFields } from '../../lib/form-fields';

type Fields = { name: string; email: string; order_number: string; reason: string };
const FIELDS = ['name', 'email', 'order_number', 'reason'] as const;
const resolver = zodResolver(revocationSchema) as unknown as Resolver<Fields, unknown, RevocationRequest>;

export default function RevocationPage() {
  const send = useSendRevocation();
  const [code, setCode] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    setValue,
    formState: { errors },
  } = useForm<Fields, unknown, RevocationRequest>({
    resolver,
    defaultValues: { name: '', email: '', order_number: '', reason: '' },
    mode: 'onTouched',
  });
  const field = bindFields(register, errors);

  // Filled after the first render (the server's page is the same for everyone), and only where
  // the visitor has not typed yet.
  const { user } = useSession();
  const [params] = useSearchParams();
  const linkedOrder = params.get('pedido')?.trim().replace(/^#/, '') ?? '';
  const latestOrder = useLatestOrderNumber(!!user && !linkedOrder).data;
  useEffect(() => {
    const fill = (name: keyof Fields, value: string) => {
      if (value && !getValues(name)) setValue(name, value);
    };
    if (user) {
      fill('name', `${user.first_name} ${user.last_name}`.trim());
      fill('email', user.email);
    }
    fill('order_number', linkedOrder || (latestOrder ? String(latestOrder) : ''));
  }, [user, linkedOrder, latestOrder, getValues, setValue]);

  const onSubmit = handleSubmit((values) => {
    setFailure(null);
    send.mutate(values, {
      onSuccess: (answer) => setCode(answer.code),
      onError: (error) => {
        if (error instanceof ApiError && error.errors) {
          for (const [field, messages] of Object.entries(error.errors)) {
            if ((FIELDS as readonly string[]).includes(field)) setError(field as keyof Fields, { type: 'server', message: messages[0] });
          }
        }
        setFailure(error instanceof Error ? error.message : 'No pudimos registrar tu solicitud. Intenta nuevamente.');
      },
    });
  });

  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:px-6 sm:py-12">
      <p className="text-xs font-semibold uppercase tracking-widest text-brand-700">Tus derechos</p>
      <h1 className="mt-1 text-2xl font-extrabold tracking-tight text-stone-900 sm:text-3xl">Botón de arrepentimiento</h1>
      <p className="mt-2 text-stone-600">
        Puedes revocar tu compra dentro de los {REVOCATION_DAYS} días corridos desde que recibiste el producto, sin costo ni responsabilidad
        (Ley 24.240, art. 34). Completa el formulario y te enviamos por email un código de seguimiento. Más información en{' '}
        <Link to="/cambios-y-devoluciones" className="font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900">
          Cambios y devoluciones
        </Link>
        .
      </p>

      {code ? (
        <div className="mt-6 rounded-2xl border border-brand-200 bg-brand-50 p-5 text-brand-950 sm:p-6" role="status">
          <h2 className="text-lg font-bold">Recibimos tu solicitud</h2>
          <p className="mt-2">Tu código de seguimiento es:</p>
          <p className="mt-2 break-all font-mono text-2xl font-bold tracking-wider" data-testid="revocation-code">
            {code}
          </p>
          <p className="mt-3 text-sm">
            Te lo enviamos también por email. Dentro de las próximas 24 horas te contactamos para coordinar la devolución.
          </p>
        </div>
      ) : (
        <form
          onSubmit={onSubmit}
          noValidate
          aria-label="Solicitud de arrepentimiento"
          className="mt-6 space-y-4 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
        >
          <TextField label="Nombre y apellido" autoComplete="name" required {...field('name')} />
          <TextField
            label="Correo electrónico"
            type="email"
            autoComplete="email"
            required
            hint="El que usaste en la compra."
            {...field('email')}
          />
          <TextField
            label="Número de pedido"
            inputMode="numeric"
            autoComplete="off"
            required
            hint="Figura en el email de confirmación del pedido."
            {...field('order_number')}
          />
          <TextAreaField label="Motivo" optional rows={3} maxLength={REVOCATION_REASON_MAX} {...field('reason')} />
          {failure && <Alert tone="error">{failure}</Alert>}
          <Button type="submit" loading={send.isPending} loadingText="Enviando..." className="w-full sm:w-auto">
            Enviar solicitud de arrepentimiento
          </Button>
        </form>
      )}
    </div>
  );
}
