// /recuperar-contrasena (spec accounts-admin §2, §8): request a code by e-mail, then enter it
// with the new password; a resend is available.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { ApiError } from '../../lib/api';
import { authApi } from './api';
import { resetRequestSchema, resetVerifySchema, type ResetVerifyForm } from './schemas';
import { Alert } from '../../components/ui/Alert';
import { PageTitle } from '../../lib/page-title';
import { AuthShell } from './AuthShell';
import { Button } from '../../components/ui/Button';
import { CodeField, EmailField, NewPasswordFields } from '../../components/ui/fields';
import { LockLargeIcon } from '../../components/ui/account-icons';
import { CodeStepActions } from './CodeStepActions';

// spec accounts-admin §8: without an answer the code may still have been sent.
const MAYBE_SENT = 'Error de conexión. Puede que el código se haya generado, intenta con el paso de verificación.';
const TRY_AGAIN = 'Error de conexión. Por favor, intenta nuevamente en unos momentos.';
export const PASSWORD_RESET_DONE = 'Contraseña actualizada correctamente. Ahora puedes iniciar sesión.';

const noAnswer = (e: unknown) => e instanceof ApiError && e.status === 0;

export default function PasswordResetPage() {
  const [email, setEmail] = useState<string | null>(null);
  return (
    <AuthShell
      title="Recuperar contraseña"
      subtitle={email ? 'Ingresa el código que te enviamos y tu nueva contraseña.' : 'Te enviaremos un código de 6 dígitos a tu email.'}
      icon={<LockLargeIcon size={24} />}
      footer={
        <Link to="/login" className="font-semibold text-brand-800 underline-offset-2 hover:underline">
          Volver a iniciar sesión
        </Link>
      }
    >
      <PageTitle>Recuperar contraseña</PageTitle>
      {email ? <VerifyStep email={email} onBack={() => setEmail(null)} /> : <RequestStep onSent={setEmail} />}
    </AuthShell>
  );
}

function RequestStep({ onSent }: { onSent: (email: string) => void }) {
  const [error, setError] = useState<{ message: string; maybeSent: boolean } | null>(null);
  const form = useForm({ resolver: zodResolver(resetRequestSchema), defaultValues: { email: '' }, mode: 'onTouched' });
  const { errors, isSubmitting } = form.formState;

  async function onSubmit({ email }: { email: string }) {
    setError(null);
    try {
      const answer = await authApi.requestPasswordReset(email);
      if (answer?.message) toast.success(answer.message);
      onSent(email);
    } catch (e) {
      if (noAnswer(e)) setError({ message: MAYBE_SENT, maybeSent: true });
      else
        setError({ message: e instanceof ApiError ? e.message : 'Error al solicitar el restablecimiento de contraseña', maybeSent: false });
    }
  }

  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="space-y-4">
      {error && (
        <Alert tone="error">
          {error.message}
          {error.maybeSent && (
            <p className="mt-1">
              <button
                type="button"
                className="font-semibold underline underline-offset-2"
                onClick={() => onSent(form.getValues('email').trim())}
              >
                Ya tengo un código
              </button>
            </p>
          )}
        </Alert>
      )}
      <EmailField error={errors.email?.message} {...form.register('email')} />
      <Button type="submit" className="w-full" loading={isSubmitting} loadingText="Enviando...">
        Enviar código
      </Button>
    </form>
  );
}

function VerifyStep({ email, onBack }: { email: string; onBack: () => void }) {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const form = useForm<ResetVerifyForm>({
    resolver: zodResolver(resetVerifySchema),
    defaultValues: { code: '', new_password: '', new_password2: '' },
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;
  const code = form.watch('code');

  async function onSubmit(values: ResetVerifyForm) {
    setError(null);
    try {
      const answer = await authApi.verifyPasswordReset({
        email,
        code: values.code,
        new_password: values.new_password,
        new_password2: values.new_password2,
      });
      toast.success(answer?.message || PASSWORD_RESET_DONE);
      void navigate('/login');
    } catch (e) {
      setError(noAnswer(e) ? TRY_AGAIN : e instanceof ApiError ? e.message : 'Error al verificar el código de restablecimiento');
    }
  }

  async function resend() {
    setResending(true);
    setError(null);
    try {
      await authApi.resendPasswordReset(email);
      form.setValue('code', '');
      toast.success('Nuevo código enviado');
    } catch (e) {
      setError(noAnswer(e) ? MAYBE_SENT : e instanceof ApiError ? e.message : 'Error al reenviar el código de restablecimiento');
    } finally {
      setResending(false);
    }
  }

  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="space-y-4">
      <p className="text-sm text-stone-700">
        Si existe una cuenta con <strong className="break-all font-semibold text-stone-900">{email}</strong>, recibirás un código de 6
        dígitos.
      </p>
      {error && <Alert tone="error">{error}</Alert>}
      <CodeField value={code} onChange={(v) => form.setValue('code', v, { shouldValidate: v.length === 6 })} error={errors.code?.message} />
      <NewPasswordFields
        password={{ ...form.register('new_password'), error: errors.new_password?.message }}
        confirmation={{ ...form.register('new_password2'), error: errors.new_password2?.message }}
      />
      <Button type="submit" className="w-full" loading={isSubmitting} loadingText="Guardando...">
        Cambiar contraseña
      </Button>
      <CodeStepActions backLabel="Cambiar email" onBack={onBack} onResend={resend} resending={resending} />
    </form>
  );
}
