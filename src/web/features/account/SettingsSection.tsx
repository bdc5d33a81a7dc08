// 'Mi Cuenta' (spec accounts-admin §2, §4 e-mail change, §5 profile): personal data and password tabs.
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { toast } from '../../lib/toast';
import { ApiError } from '../../lib/api';
import { useApiForm } from '../../lib/use-api-form';
import { useSession } from '../../lib/session';
import { PageLoader } from '../../components/PageLoader';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { DialogActions, FormActions } from '../../components/ui/DialogActions';
import { AddressFields, PhoneField, ProvinceField } from '../../components/ui/address-fields';
import { CodeField, EmailField, isSixDigitCode, NewPasswordFields, PasswordField, TextField } from '../../components/ui/fields';
import { accountApi, profileKey, useProfile, type ProfileDto } from './api';
import { ConsentCard } from './ConsentCard';
import {
  deliveryDataFormSchema,
  emailChangeFormSchema,
  type DeliveryDataForm,
  type DeliveryDataValues,
  namesFormSchema,
  passwordChangeFormSchema,
  type EmailChangeForm,
  type EmailChangeValues,
  type NamesForm,
  type PasswordChangeForm,
} from './schemas';

const TABS = [
  { id: 'profile', label: 'Datos personales' },
  { id: 'password', label: 'Cambiar contraseña' },
] as const;
type Tab = (typeof TABS)[number]['id'];

const errorMessage = (e: unknown, fallback: string) => (e instanceof ApiError && e.message ? e.message : fallback);

export function SettingsSection() {
  const [tab, setTab] = useState<Tab>('profile');
  const baseId = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  function onTabKey(event: KeyboardEvent, index: number) {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const next = (index + (event.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length;
    setTab(TABS[next].id);
    tabRefs.current[next]?.focus();
  }

  return (
    <section aria-labelledby="settings-heading">
      <h2 id="settings-heading" className="text-xl font-bold text-stone-900">
        Mi Cuenta
      </h2>
      <div role="tablist" aria-label="Opciones de la cuenta" className="mt-4 flex gap-1 border-b border-stone-200">
        {TABS.map((t, i) => (
          <button
            key={t.id}
            ref={(el) => {
              tabRefs.current[i] = el;
            }}
            role="tab"
            type="button"
            id={`${baseId}-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`${baseId}-panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => setTab(t.id)}
            onKeyDown={(e) => onTabKey(e, i)}
            className={`-mb-px border-b-2 px-3 py-2.5 text-sm font-semibold transition sm:px-4 ${
              tab === t.id ? 'border-brand-700 text-brand-800' : 'border-transparent text-stone-600 hover:text-stone-900'
            }`}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-panel-${tab}`} aria-labelledby={`${baseId}-tab-${tab}`} className="pt-5">
        {tab === 'profile' ? <ProfileTab /> : <PasswordTab />}
      </div>
    </section>
  );
}

const card = 'rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6';

function ProfileTab() {
  const profile = useProfile();
  if (profile.isPending) return <PageLoader label="Cargando información..." />;
  if (profile.isError) {
    return (
      <Alert tone="error" title="Error al cargar la información">
        <button type="button" className="font-semibold underline underline-offset-2" onClick={() => profile.refetch()}>
          Reintentar
        </button>
      </Alert>
    );
  }
  return (
    <div className="space-y-5">
      <NamesForm profile={profile.data} />
      <EmailChange profile={profile.data} />
      <DeliveryDataForm profile={profile.data} />
      <ConsentCard profile={profile.data} />
    </div>
  );
}

/** Puts the saved profile in the page's cache and in the session (the header shows the name). */
function useApplyProfile() {
  const queryClient = useQueryClient();
  const { updateUser } = useSession();
  return (saved: ProfileDto) => {
    queryClient.setQueryData<ProfileDto>(profileKey, saved);
    const { id, username, email, first_name, last_name, is_staff, is_superuser, role, marketing_opt_in, marketing_opt_in_changed_at } =
      saved;
    updateUser({ id, username, email, first_name, last_name, is_staff, is_superuser, role, marketing_opt_in, marketing_opt_in_changed_at });
  };
}

function NamesForm({ profile }: { profile: ProfileDto }) {
  const apply = useApplyProfile();
  const { form } = useApiForm<NamesForm>({
    schema: namesFormSchema,
    values: { first_name: profile.first_name, last_name: profile.last_name },
    mode: 'onTouched',
  });
  const { errors, isSubmitting, isDirty } = form.formState;

  async function onSubmit(values: NamesForm) {
    try {
      const answer = await accountApi.updateNames(values);
      apply(answer.user);
      form.reset({ first_name: answer.user.first_name, last_name: answer.user.last_name });
      toast.success(answer.message || 'Perfil actualizado correctamente');
    } catch (e) {
      toast.error(errorMessage(e, 'Error al actualizar el perfil'));
    }
  }

  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate className={card}>
      <h3 className="font-semibold text-stone-900">Datos personales</h3>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <TextField label="Nombre" autoComplete="given-name" error={errors.first_name?.message} {...form.register('first_name')} />
        <TextField label="Apellido" autoComplete="family-name" error={errors.last_name?.message} {...form.register('last_name')} />
      </div>
      <div className="mt-5 flex justify-end">
        <Button type="submit" disabled={!isDirty} loading={isSubmitting} loadingText="Guardando...">
          Guardar cambios
        </Button>
      </div>
    </form>
  );
}

const deliveryValues = (profile: ProfileDto): DeliveryDataForm => ({
  phone: profile.phone ?? '',
  last_address: profile.last_address ?? { street: '', number: '', zip_code: '', city: '', province: '', details: '' },
});

/** The phone and address the checkout starts from; the last order with home delivery saves them too. */
function DeliveryDataForm({ profile }: { profile: ProfileDto }) {
  const apply = useApplyProfile();
  const { form, field, showServerErrors } = useApiForm<DeliveryDataForm, DeliveryDataValues>({
    schema: deliveryDataFormSchema,
    values: deliveryValues(profile),
    mode: 'onTouched',
  });
  const { isSubmitting, isDirty } = form.formState;
  const fields = [
    'phone',
    'last_address.street',
    'last_address.number',
    'last_address.zip_code',
    'last_address.city',
    'last_address.province',
  ] as const;

  async function onSubmit(values: DeliveryDataValues) {
    try {
      const answer = await accountApi.updateDelivery(values);
      apply(answer.user);
      form.reset(deliveryValues(answer.user));
      toast.success('Datos de entrega guardados');
    } catch (e) {
      if (!showServerErrors(e, { fields })) toast.error(errorMessage(e, 'Error al guardar los datos de entrega'));
    }
  }

  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate className={card}>
      <h3 className="font-semibold text-stone-900">Datos de entrega</h3>
      <p className="mt-1 text-sm text-stone-600">Los usamos para completar tus próximos pedidos. Déjalos vacíos para borrarlos.</p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <PhoneField {...field('phone')} />
        <ProvinceField emptyLabel="Sin dirección guardada" {...field('last_address.province')} />
        <AddressFields className="sm:col-span-2" field={(key) => field(`last_address.${key}`)} />
      </div>
      <div className="mt-5 flex justify-end">
        <Button type="submit" disabled={!isDirty} loading={isSubmitting} loadingText="Guardando...">
          Guardar datos de entrega
        </Button>
      </div>
    </form>
  );
}

/** spec accounts-admin §4: request with the current password, code sent to the new address, enter code. */
function EmailChange({ profile }: { profile: ProfileDto }) {
  const apply = useApplyProfile();
  const [stage, setStage] = useState<'idle' | 'request' | { newEmail: string }>('idle');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const { form, field, showServerErrors } = useApiForm<EmailChangeForm, EmailChangeValues>({
    schema: emailChangeFormSchema,
    defaultValues: { new_email: '', password: '' },
    mode: 'onTouched',
  });
  const { isSubmitting } = form.formState;

  function close() {
    setStage('idle');
    setCode('');
    setError(null);
    form.reset();
  }

  async function request(values: EmailChangeValues) {
    setError(null);
    if (values.new_email === profile.email.toLowerCase()) {
      form.setError('new_email', { message: 'Ese ya es tu email actual' });
      return;
    }
    try {
      const answer = await accountApi.requestEmailChange(values);
      setStage({ newEmail: values.new_email });
      toast.success(answer?.message || `Enviamos un código a ${values.new_email}`);
    } catch (e) {
      if (!showServerErrors(e, { fields: ['new_email', 'password'] })) setError(errorMessage(e, 'Error al solicitar verificación'));
    }
  }

  async function confirm(newEmail: string) {
    setError(null);
    setConfirming(true);
    try {
      const answer = await accountApi.confirmEmailChange({ email: newEmail, verification_code: code });
      apply(answer.user);
      toast.success(answer.message || 'Email actualizado correctamente');
      close();
    } catch (e) {
      setError(errorMessage(e, 'Error al actualizar email'));
    } finally {
      setConfirming(false);
    }
  }

  return (
    <div className={card}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-semibold text-stone-900">Email</h3>
          <p className="break-all text-sm text-stone-700">{profile.email}</p>
        </div>
        {stage === 'idle' && (
          <Button variant="secondary" onClick={() => setStage('request')}>
            Cambiar email
          </Button>
        )}
      </div>

      {stage === 'request' && (
        <form onSubmit={form.handleSubmit(request)} noValidate className="mt-4 space-y-4 border-t border-stone-200 pt-4">
          {error && <Alert tone="error">{error}</Alert>}
          <EmailField label="Nuevo email" {...field('new_email')} />
          <PasswordField
            label="Contraseña actual"
            autoComplete="current-password"
            hint="Por seguridad, confirma tu contraseña."
            {...field('password')}
          />
          <DialogActions onCancel={close}>
            <Button type="submit" loading={isSubmitting} loadingText="Enviando...">
              Enviar código
            </Button>
          </DialogActions>
        </form>
      )}

      {typeof stage === 'object' && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (isSixDigitCode(code)) void confirm(stage.newEmail);
          }}
          noValidate
          className="mt-4 space-y-4 border-t border-stone-200 pt-4"
        >
          <p className="text-sm text-stone-700">
            Ingresa el código que enviamos a <strong className="break-all">{stage.newEmail}</strong>.
          </p>
          {error && <Alert tone="error">{error}</Alert>}
          <CodeField value={code} onChange={setCode} />
          <FormActions onCancel={close} busy={confirming} busyLabel="Verificando..." disabled={!isSixDigitCode(code)}>
            Confirmar nuevo email
          </FormActions>
        </form>
      )}
    </div>
  );
}

function PasswordTab() {
  const { signIn } = useSession();
  const [error, setError] = useState<string | null>(null);
  const { form, field, showServerErrors } = useApiForm<PasswordChangeForm>({
    schema: passwordChangeFormSchema,
    defaultValues: { old_password: '', new_password: '', new_password2: '' },
    mode: 'onTouched',
  });
  const { isSubmitting } = form.formState;

  async function onSubmit(values: PasswordChangeForm) {
    setError(null);
    try {
      const answer = await accountApi.changePassword(values);
      // The server closes every other session and hands this one fresh tokens.
      if (answer?.access && answer.user) signIn(answer.access, answer.user);
      form.reset();
      toast.success(answer?.message || 'Contraseña actualizada correctamente');
    } catch (e) {
      if (!showServerErrors(e, { fields: ['old_password', 'new_password', 'new_password2'] }))
        setError(errorMessage(e, 'Error al cambiar la contraseña'));
    }
  }

  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate className={`${card} max-w-xl space-y-4`}>
      <h3 className="font-semibold text-stone-900">Cambiar contraseña</h3>
      {error && <Alert tone="error">{error}</Alert>}
      <PasswordField label="Contraseña actual" autoComplete="current-password" {...field('old_password')} />
      <NewPasswordFields password={field('new_password')} confirmation={field('new_password2')} />
      <div className="flex justify-end">
        <Button type="submit" loading={isSubmitting} loadingText="Guardando...">
          Cambiar contraseña
        </Button>
      </div>
    </form>
  );
}
