// /crear-cuenta (spec accounts-admin §2, §4, §5, §8): the form, then the e-mail code; once verified
// the customer is signed in and carries on to the page they came from (`redirect`, as on /login).
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { loginPathFor } from '../../lib/intended-route';
import { toast } from '../../lib/toast';
import { ApiError } from '../../lib/api';
import { authApi } from './api';
import { registerSchema, type RegisterForm, type RegisterValues } from './schemas';
import { Alert } from '../../components/ui/Alert';
import { PageTitle } from '../../lib/page-title';
import { AuthShell } from './AuthShell';
import { Button } from '../../components/ui/Button';
import { EmailField, NewPasswordFields, TextField } from '../../components/ui/fields';
import { UserIcon } from '../../components/ui/icons';
import { MailIcon } from '../../components/ui/icons';
import { VERIFIED_MESSAGE, VERIFIED_SIGNED_IN, VerifyEmailStep } from './VerifyEmailStep';
import { useSignIn } from './sign-in';

/** At the code, the password typed in the form too: once verified, the new customer is signed in with it. */
type Step = { kind: 'form' } | { kind: 'verify'; email: string; password: string; notice?: string; tone: 'info' | 'warning' };
type Notice = { tone: 'error' | 'info'; message: string; loginLink?: boolean; list?: string[] };

const FORM_FIELDS: FieldPath<RegisterForm>[] = ['first_name', 'last_name', 'username', 'email', 'password', 'password2', 'instagram'];

// spec accounts-admin §8: plain-text errors name their field by a Spanish prefix ("Email: ...").
const PREFIX_TO_FIELD: Record<string, FieldPath<RegisterForm>> = {
  email: 'email',
  usuario: 'username',
  contraseña: 'password',
  nombre: 'first_name',
  apellido: 'last_name',
};

const ACCOUNT_EXISTS_REDIRECT_MS = 2000;

export default function RegisterPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const loginPath = loginPathFor(params.get('redirect'));
  const signIn = useSignIn(params.get('redirect'));
  const [step, setStep] = useState<Step>({ kind: 'form' });
  const [notice, setNotice] = useState<Notice | null>(null);
  const redirectTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  const form = useForm<RegisterForm, unknown, RegisterValues>({
    resolver: zodResolver(registerSchema),
    defaultValues: {
      first_name: '',
      last_name: '',
      username: '',
      email: '',
      password: '',
      password2: '',
      instagram: '',
      marketing_opt_in: false,
    },
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;

  function markFields(fieldErrors: Record<string, string[]> | undefined) {
    for (const [key, messages] of Object.entries(fieldErrors ?? {})) {
      const field = FORM_FIELDS.find((f) => f === key);
      if (field && messages[0]) form.setError(field, { type: 'server', message: messages[0] });
    }
  }

  function showFieldErrors(fieldErrors: Record<string, string[]>) {
    markFields(fieldErrors);
    const list = Object.values(fieldErrors).flat();
    setNotice({ tone: 'error', message: 'Errores de validación', list });
    toast.error('Errores de validación');
  }

  function showErrorList(messages: string[]) {
    for (const message of messages) {
      toast.error(message, { duration: 6000 });
      const prefix = message.split(':')[0]?.trim().toLowerCase();
      const field = prefix ? PREFIX_TO_FIELD[prefix] : undefined;
      if (field) form.setError(field, { type: 'server', message });
    }
    setNotice({ tone: 'error', message: 'Errores de validación', list: messages });
  }

  async function onSubmit(values: RegisterValues) {
    setNotice(null);
    try {
      const created = await authApi.register(values);
      setStep({ kind: 'verify', email: created.email ?? values.email, password: values.password, notice: created.message, tone: 'info' });
    } catch (e) {
      if (!(e instanceof ApiError)) {
        setNotice({ tone: 'error', message: 'Error al crear la cuenta. Por favor, intenta nuevamente.' });
        return;
      }
      const email = typeof e.body?.email === 'string' ? e.body.email : values.email;
      if (e.code === 'ACCOUNT_NOT_VERIFIED') {
        setStep({ kind: 'verify', email, password: values.password, notice: e.message, tone: 'warning' });
      } else if (e.code === 'ACCOUNT_EXISTS_UNVERIFIED') {
        markFields(e.errors);
        setNotice({ tone: 'info', message: e.message, loginLink: true });
      } else if (e.code === 'ACCOUNT_EXISTS') {
        markFields(e.errors);
        setNotice({ tone: 'error', message: e.message, loginLink: true });
        toast.error(e.message);
        // Only the owner of the e-mail is sent to log in; a taken username just needs another one.
        if (!e.errors || e.errors.email) {
          redirectTimer.current = window.setTimeout(() => void navigate(loginPath), ACCOUNT_EXISTS_REDIRECT_MS);
        }
      } else if (e.errors && Object.keys(e.errors).length) {
        showFieldErrors(e.errors);
      } else if (Array.isArray(e.body?.errors)) {
        showErrorList((e.body.errors as unknown[]).map(String));
      } else {
        setNotice({ tone: 'error', message: e.message || 'Error al crear la cuenta. Por favor, intenta nuevamente.' });
        toast.error('Error en el registro');
      }
    }
  }

  if (step.kind === 'verify') {
    return (
      <AuthShell title="Verifica tu email" subtitle="Un último paso para activar tu cuenta." icon={<MailIcon size={24} />}>
        <PageTitle>Crear Cuenta</PageTitle>
        <VerifyEmailStep
          email={step.email}
          notice={step.notice}
          noticeTone={step.tone}
          backLabel="Ir a iniciar sesión"
          onBack={() => navigate(loginPath)}
          onVerified={async () => {
            // Signed in and back to the page the visitor registered from (the `redirect` query).
            try {
              await signIn({ username_or_email: step.email, password: step.password });
              toast.success(VERIFIED_SIGNED_IN);
            } catch {
              // An older account whose password is another: the login form, with the e-mail filled.
              toast.success(VERIFIED_MESSAGE);
              void navigate(loginPath, { state: { email: step.email } });
            }
          }}
        />
      </AuthShell>
    );
  }

  const field = (name: FieldPath<RegisterForm>) => ({ ...form.register(name), error: errors[name]?.message });

  return (
    <AuthShell
      wide
      title="Crear Cuenta"
      subtitle="Regístrate para ver precios y comprar tus semillas."
      icon={<UserIcon size={24} />}
      footer={
        <>
          ¿Ya tienes cuenta?{' '}
          <Link to={loginPath} className="font-semibold text-brand-800 underline-offset-2 hover:underline">
            Iniciar sesión
          </Link>
        </>
      }
    >
      <PageTitle>Crear Cuenta</PageTitle>
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="space-y-4">
        {notice && (
          <Alert tone={notice.tone} title={notice.list ? notice.message : undefined}>
            {notice.list ? (
              <ul className="list-disc space-y-0.5 pl-4">
                {notice.list.map((m) => (
                  <li key={m}>{m}</li>
                ))}
              </ul>
            ) : (
              notice.message
            )}
            {notice.loginLink && (
              <p className="mt-1">
                <Link to={loginPath} className="font-semibold underline underline-offset-2">
                  Ir a iniciar sesión
                </Link>
              </p>
            )}
          </Alert>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Nombre" autoComplete="given-name" {...field('first_name')} />
          <TextField label="Apellido" autoComplete="family-name" {...field('last_name')} />
        </div>
        <TextField
          label="Usuario"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          hint="Mínimo 4 caracteres."
          {...field('username')}
        />
        <EmailField {...field('email')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <NewPasswordFields
            password={field('password')}
            confirmation={field('password2')}
            labels={['Contraseña', 'Confirmar contraseña']}
          />
        </div>
        <TextField label="Instagram" optional autoCapitalize="none" spellCheck={false} placeholder="@usuario" {...field('instagram')} />
        <label className="flex items-start gap-2 text-sm text-stone-700">
          <input type="checkbox" className="mt-0.5 h-4 w-4 shrink-0 accent-brand-700" {...form.register('marketing_opt_in')} />
          Quiero recibir recordatorios y novedades por email
        </label>
        <Button type="submit" className="w-full" loading={isSubmitting} loadingText="Creando cuenta...">
          Crear Cuenta
        </Button>
      </form>
    </AuthShell>
  );
}
