// /login (spec accounts-admin §2, §4, §5, §8): credentials, or the e-mail verification mode
// when the account is not verified yet.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useSearchParams } from 'react-router';
import { toast } from '../../lib/toast';
import { ApiError } from '../../lib/api';
import { safeInternalPath } from '../../lib/intended-route';
import { useSignIn } from './sign-in';
import { loginSchema, type LoginForm } from './schemas';
import { Alert } from '../../components/ui/Alert';
import { PageTitle } from '../../lib/page-title';
import { AuthShell } from './AuthShell';
import { Button } from '../../components/ui/Button';
import { PasswordField, TextField } from '../../components/ui/fields';
import { UserIcon } from '../../components/ui/icons';
import { MailIcon } from '../../components/ui/icons';
import { VERIFIED_MESSAGE, VERIFIED_SIGNED_IN, VerifyEmailStep } from './VerifyEmailStep';

type Mode = { kind: 'login' } | { kind: 'verify'; email: string; notice: string };

export default function LoginPage() {
  const [params] = useSearchParams();
  const signIn = useSignIn(params.get('redirect'));
  // Sent here after verifying at registration when signing in did not work: the e-mail is filled.
  const givenEmail = (useLocation().state as { email?: unknown } | null)?.email;
  const [mode, setMode] = useState<Mode>({ kind: 'login' });
  const [serverError, setServerError] = useState<string | null>(null);
  const [verified, setVerified] = useState(false);
  const form = useForm<LoginForm>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username_or_email: typeof givenEmail === 'string' ? givenEmail : '', password: '' },
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;

  async function onSubmit(values: LoginForm) {
    setServerError(null);
    setVerified(false);
    try {
      await signIn(values);
    } catch (e) {
      if (e instanceof ApiError && e.code === 'ACCOUNT_NOT_VERIFIED') {
        const email = typeof e.body?.email === 'string' ? e.body.email : values.username_or_email;
        setMode({ kind: 'verify', email, notice: e.message });
        return;
      }
      setServerError(e instanceof ApiError ? e.message : 'Error al iniciar sesión. Por favor, verifica tus credenciales.');
      toast.error('Error al iniciar sesión');
    }
  }

  if (mode.kind === 'verify') {
    return (
      <AuthShell title="Verifica tu email" subtitle="Tu cuenta todavía no está verificada." icon={<MailIcon size={24} />}>
        <PageTitle>Iniciar sesión</PageTitle>
        <VerifyEmailStep
          email={mode.email}
          notice={mode.notice}
          noticeTone="warning"
          backLabel="Volver al inicio de sesión"
          onBack={() => setMode({ kind: 'login' })}
          onVerified={async () => {
            // Verified with the password just typed: signed in and on to where the visitor was going.
            try {
              await signIn(form.getValues());
              toast.success(VERIFIED_SIGNED_IN);
            } catch {
              toast.success(VERIFIED_MESSAGE);
              setMode({ kind: 'login' });
              setVerified(true);
              form.resetField('password');
            }
          }}
        />
      </AuthShell>
    );
  }

  return (
    <AuthShell
      title="Iniciar sesión"
      subtitle="Ingresa para ver precios y hacer tus pedidos."
      icon={<UserIcon size={24} />}
      footer={
        <>
          ¿No tienes cuenta?{' '}
          <Link to={registerPath(params.get('redirect'))} className="font-semibold text-brand-800 underline-offset-2 hover:underline">
            Crear cuenta
          </Link>
        </>
      }
    >
      <PageTitle>Iniciar sesión</PageTitle>
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="space-y-4">
        {verified && <Alert tone="success">{VERIFIED_MESSAGE}</Alert>}
        {serverError && <Alert tone="error">{serverError}</Alert>}
        <TextField
          label="Usuario o email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.username_or_email?.message}
          {...form.register('username_or_email')}
        />
        <PasswordField label="Contraseña" autoComplete="current-password" error={errors.password?.message} {...form.register('password')} />
        <div className="flex justify-end">
          <Link to="/recuperar-contrasena" className="text-sm font-medium text-brand-800 underline-offset-2 hover:underline">
            ¿Olvidaste tu contraseña?
          </Link>
        </div>
        <Button type="submit" className="w-full" loading={isSubmitting} loadingText="Ingresando...">
          Iniciar sesión
        </Button>
      </form>
    </AuthShell>
  );
}

/** 'Crear cuenta' keeps the page the visitor came from, for after the e-mail is verified. */
function registerPath(redirect: string | null): string {
  const wanted = safeInternalPath(redirect);
  return wanted ? `/crear-cuenta?redirect=${encodeURIComponent(wanted)}` : '/crear-cuenta';
}
