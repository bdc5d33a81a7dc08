// /maintenance (spec accounts-admin §2 maintenance page, §5 bypass): shown only while the shop is
// in maintenance (checked fresh on arrival), without the shop's header, footer or age gate.
// Texts are written here rather than imported from the domain so this page stays without zod.
import { useEffect, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import type { BypassResultDto } from '../../../domain/site';
import { Modal } from '../../components/Modal';
import { PageLoader } from '../../components/PageLoader';
import { Icon } from '../../components/ui/icons';
import { SHOP_NAME } from '../../components/site';
import { api, ApiError } from '../../lib/api';
import { storeBypass } from '../../lib/bypass';
import { safeInternalPath, takeIntendedRoute } from '../../lib/intended-route';
import { checkMaintenance, type MaintenanceState } from '../../lib/maintenance';
import { Button, buttonClass } from '../../components/ui/Button';
import { FormActions } from '../../components/ui/DialogActions';
import { PasswordField } from '../../components/ui/fields';

const DEFAULT_MESSAGE = 'Estamos realizando mejoras en nuestro sistema. Disculpe las molestias.';
// spec §2: a loader until the page has checked (about 0.5 s); §9: 0.8 s before the redirect.
const MIN_LOADER_MS = 500;
const REDIRECT_DELAY_MS = 800;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export default function MaintenancePage() {
  const [state, setState] = useState<MaintenanceState | null>(null);
  const [bypassOpen, setBypassOpen] = useState(false);

  useEffect(() => {
    let active = true;
    void Promise.all([checkMaintenance(), wait(MIN_LOADER_MS)]).then(([checked]) => active && setState(checked));
    return () => {
      active = false;
    };
  }, []);

  useEffect(() => {
    document.title = `Sitio en Mantenimiento - ${SHOP_NAME}`;
  }, []);

  if (!state) return <PageLoader label="Verificando el estado del sitio..." />;
  // Reachable only while in maintenance (spec §4 guard step 2).
  if (!state.maintenance_mode) return <Navigate to="/" replace />;

  return (
    <main className="flex min-h-dvh items-center justify-center bg-gradient-to-b from-brand-950 to-brand-900 px-4 py-10">
      <div className="w-full max-w-lg rounded-3xl bg-white p-6 text-center shadow-2xl sm:p-10">
        <img src="/logo.svg" alt={SHOP_NAME} width={96} height={96} className="mx-auto h-20 w-20 sm:h-24 sm:w-24" />
        <div
          className="mx-auto mt-5 flex h-12 w-12 items-center justify-center rounded-full bg-amber-100 text-amber-700"
          aria-hidden="true"
        >
          <WrenchIcon />
        </div>
        <h1 className="mt-4 text-2xl font-extrabold tracking-tight text-stone-900 sm:text-3xl">Sitio en Mantenimiento</h1>
        <p className="mt-4 whitespace-pre-line text-stone-700">{state.maintenance_message.trim() || DEFAULT_MESSAGE}</p>
        <p className="mt-2 font-medium text-brand-800">Volveremos a estar en línea pronto.</p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
          <Link to="/login" className={buttonClass('primary')}>
            Ingresar (administradores)
          </Link>
          {state.has_bypass_password && (
            <Button variant="secondary" onClick={() => setBypassOpen(true)}>
              Ingresar con contraseña
            </Button>
          )}
        </div>
      </div>
      <BypassModal open={bypassOpen} onClose={() => setBypassOpen(false)} />
    </main>
  );
}

function BypassModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  function close() {
    if (busy) return;
    setPassword('');
    setError('');
    onClose();
  }

  // A form, so Enter in the field submits (spec §2 bypass modal).
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!password) {
      setError('Por favor ingrese una contraseña');
      return;
    }
    setBusy(true);
    setError('');
    let result: BypassResultDto;
    try {
      result = await api.post<BypassResultDto>('/api/core/validate-bypass-password/', { password });
    } catch (e) {
      // 4xx: the server refused the password (or the attempts); anything else is a failed call.
      const refused = e instanceof ApiError && e.status >= 400 && e.status < 500;
      setError(refused ? e.message || 'Contraseña incorrecta' : 'Error al validar la contraseña');
      setBusy(false);
      return;
    }
    if (!result.valid || !result.bypass_token) {
      setError(result.message || 'Contraseña incorrecta');
      setBusy(false);
      return;
    }
    storeBypass(result.bypass_token, result.expires_at);
    toast.success('Acceso concedido. Bypass válido por 12 horas');
    await wait(REDIRECT_DELAY_MS);
    const intended = takeIntendedRoute();
    const target = intended && safeInternalPath(intended) !== '/maintenance' ? intended : '/';
    try {
      await navigate(target, { replace: true });
    } catch {
      setBusy(false);
      toast.error('Error al redirigir. Por favor intente nuevamente.');
    }
  }

  return (
    <Modal open={open} onClose={close} title="Acceso con contraseña" className="!max-w-md">
      <form onSubmit={submit} noValidate>
        <p className="mb-4 text-sm text-stone-600">Ingresa la contraseña de acceso que te proporcionó la tienda.</p>
        <PasswordField
          label="Contraseña"
          name="bypass-password"
          autoComplete="current-password"
          autoFocus
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            if (error) setError('');
          }}
          error={error}
        />
        <FormActions onCancel={close} busy={busy} busyLabel="Verificando..." className="mt-6">
          Verificar
        </FormActions>
      </form>
    </Modal>
  );
}

function WrenchIcon() {
  return (
    <Icon size={24}>
      <path d="M14.7 6.3a1 1 0 0 0 0 1.4l1.6 1.6a1 1 0 0 0 1.4 0l3.77-3.77a6 6 0 0 1-7.94 7.94l-6.91 6.91a2.12 2.12 0 0 1-3-3l6.91-6.91a6 6 0 0 1 7.94-7.94z" />
    </Icon>
  );
}
