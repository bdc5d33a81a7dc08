// Online / maintenance switch with its confirmation, the bypass password and the maintenance
// message (spec accounts-admin §2 site settings panel, §5 maintenance and bypass, §8 settings).
import { useEffect, useState, type FormEvent } from 'react';
import { DEFAULT_MAINTENANCE_MESSAGE, MAINTENANCE_MESSAGE_MAX } from '../../../../domain/site';
import { Modal } from '../../../components/Modal';
import { ApiError } from '../../../lib/api';
import { Panel } from '../ui/PageHeader';
import { useMaintenanceStatus, useToggleMaintenance } from './api';
import { Flash, useFlash } from './flash';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { DialogActions, FormActions } from '../../../components/ui/DialogActions';
import { TextAreaField, TextField } from '../../../components/ui/fields';
import { ErrorState, LoadingState } from '../../../components/ui/states';

const CONSEQUENCES = {
  on: [
    'La tienda no estará disponible para el público.',
    'Solo los administradores tendrán acceso normal.',
    'Los usuarios verán la página de mantenimiento.',
    'Opcionalmente, puedes configurar una contraseña de bypass para dar acceso a otras personas.',
  ],
  off: ['La tienda estará disponible para todos los usuarios.', 'Todas las funciones estarán activas.'],
};

export function MaintenanceSettings() {
  const status = useMaintenanceStatus();
  const toggle = useToggleMaintenance();
  const flash = useFlash();
  const [confirming, setConfirming] = useState<boolean | null>(null);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [busy, setBusy] = useState<'toggle' | 'message' | 'remove' | null>(null);
  const [message, setMessage] = useState('');

  const data = status.data;
  const savedMessage = data?.maintenance_message;
  useEffect(() => {
    if (savedMessage !== undefined) setMessage(savedMessage ?? '');
  }, [savedMessage]);

  if (status.isPending)
    return (
      <Panel title="Estado de la tienda">
        <LoadingState label="Cargando el estado de mantenimiento..." />
      </Panel>
    );
  if (status.isError || !data) {
    return (
      <Panel title="Estado de la tienda">
        <ErrorState title="Error al cargar el estado de mantenimiento" onRetry={() => void status.refetch()} retrying={status.isFetching} />
      </Panel>
    );
  }
  const on = data.maintenance_mode;

  async function applyMode(mode: boolean) {
    setBusy('toggle');
    flash.clear();
    try {
      flash.success(await toggle({ maintenance_mode: mode }, 'Error al cambiar el estado de mantenimiento'));
      setConfirming(null);
    } catch {
      setConfirming(null);
      flash.error('Error al cambiar el estado de mantenimiento');
      // spec §4 site: on failure the status is reloaded.
      void status.refetch();
    } finally {
      setBusy(null);
    }
  }

  async function saveMessage(event: FormEvent) {
    event.preventDefault();
    setBusy('message');
    flash.clear();
    try {
      await toggle({ maintenance_mode: true, maintenance_message: message.trim() }, 'Error al actualizar el mensaje');
      flash.success('Mensaje actualizado correctamente');
    } catch {
      flash.error('Error al actualizar el mensaje');
    } finally {
      setBusy(null);
    }
  }

  async function removePassword() {
    if (!window.confirm('¿Estás seguro que deseas eliminar la contraseña de bypass?')) return;
    setBusy('remove');
    flash.clear();
    try {
      await toggle({ maintenance_mode: true, bypass_password: '' }, 'Error al eliminar la contraseña');
      flash.success('Contraseña de bypass eliminada correctamente');
    } catch {
      flash.error('Error al eliminar la contraseña');
    } finally {
      setBusy(null);
    }
  }

  return (
    <Panel title="Estado de la tienda" description="Controla si el público puede usar la tienda.">
      <div className="flex flex-col gap-4">
        <fieldset>
          <legend className="sr-only">Estado de la tienda</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            <ModeOption
              checked={!on}
              onSelect={() => on && setConfirming(false)}
              title="Tienda en línea"
              badge={<Badge tone="success">Acceso público</Badge>}
              disabled={busy !== null}
            />
            <ModeOption
              checked={on}
              onSelect={() => !on && setConfirming(true)}
              title="Tienda en mantenimiento"
              badge={<Badge tone="warning">Solo administradores pueden acceder</Badge>}
              disabled={busy !== null}
            />
          </div>
        </fieldset>

        <Flash message={flash.message} />

        {on && (
          <>
            <div className="rounded-lg border border-stone-200 bg-stone-50 p-3">
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <span className="font-medium text-stone-800">Contraseña de bypass:</span>
                {data.has_bypass_password ? <Badge tone="success">Configurada</Badge> : <Badge tone="neutral">No configurada</Badge>}
              </div>
              <p className="mt-1 text-xs text-stone-600">
                Quien la conozca podrá entrar a la tienda durante 12 horas sin ser administrador.
              </p>
              <div className="mt-3 flex flex-wrap gap-2">
                <Button size="sm" variant="secondary" onClick={() => setPasswordOpen(true)} disabled={busy !== null}>
                  {data.has_bypass_password ? 'Cambiar contraseña de bypass' : 'Configurar contraseña de bypass'}
                </Button>
                {data.has_bypass_password && (
                  <Button
                    size="sm"
                    variant="ghostDanger"
                    onClick={removePassword}
                    loading={busy === 'remove'}
                    loadingText="Eliminando..."
                    disabled={busy !== null}
                  >
                    Eliminar contraseña
                  </Button>
                )}
              </div>
            </div>

            <form onSubmit={saveMessage} className="space-y-2">
              <TextAreaField
                label="Mensaje de mantenimiento"
                value={message}
                onChange={(e) => setMessage(e.target.value)}
                placeholder={DEFAULT_MAINTENANCE_MESSAGE}
                maxLength={MAINTENANCE_MESSAGE_MAX}
                hint="Se muestra en la página de mantenimiento. Vacío: se usa el mensaje predeterminado."
                rows={3}
              />
              <div className="flex justify-end">
                <Button
                  type="submit"
                  size="sm"
                  loading={busy === 'message'}
                  loadingText="Guardando..."
                  disabled={busy !== null || message.trim() === (data.maintenance_message ?? '').trim()}
                >
                  Guardar mensaje
                </Button>
              </div>
            </form>
          </>
        )}
      </div>

      <ConfirmModeModal
        mode={confirming}
        busy={busy === 'toggle'}
        onConfirm={applyMode}
        onClose={() => busy === null && setConfirming(null)}
      />
      <BypassPasswordModal
        open={passwordOpen}
        onClose={() => setPasswordOpen(false)}
        onSave={async (password) => {
          await toggle({ maintenance_mode: true, bypass_password: password }, 'Error al configurar la contraseña');
          setPasswordOpen(false);
          flash.success('Contraseña de bypass configurada correctamente');
        }}
      />
    </Panel>
  );
}

function ModeOption({
  checked,
  onSelect,
  title,
  badge,
  disabled,
}: {
  checked: boolean;
  onSelect: () => void;
  title: string;
  badge: React.ReactNode;
  disabled?: boolean;
}) {
  return (
    <label
      className={`flex cursor-pointer items-start gap-3 rounded-xl border p-3.5 transition has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600/40 ${
        checked ? 'border-brand-600 bg-brand-50' : 'border-stone-200 bg-white hover:border-stone-300'
      }`}
    >
      <input
        type="radio"
        name="store-mode"
        checked={checked}
        onChange={onSelect}
        disabled={disabled}
        className="mt-0.5 h-4 w-4 accent-brand-700"
      />
      <span className="flex min-w-0 flex-col items-start gap-1.5 [&>span:last-child]:whitespace-normal">
        <span className="text-sm font-semibold text-stone-900">{title}</span>
        {badge}
      </span>
    </label>
  );
}

function ConfirmModeModal({
  mode,
  busy,
  onConfirm,
  onClose,
}: {
  mode: boolean | null;
  busy: boolean;
  onConfirm: (mode: boolean) => void;
  onClose: () => void;
}) {
  const activating = mode === true;
  return (
    <Modal
      open={mode !== null}
      onClose={onClose}
      title="Confirmar cambio de estado"
      className="!max-w-md"
      footer={
        <DialogActions onCancel={onClose} busy={busy} focusCancel>
          <Button
            variant={activating ? 'danger' : 'primary'}
            onClick={() => mode !== null && onConfirm(mode)}
            loading={busy}
            loadingText="Aplicando..."
          >
            {activating ? 'Activar mantenimiento' : 'Desactivar mantenimiento'}
          </Button>
        </DialogActions>
      }
    >
      <p className="text-sm font-medium text-stone-800">
        {activating ? 'Al activar el modo mantenimiento:' : 'Al desactivar el modo mantenimiento:'}
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-stone-700">
        {(activating ? CONSEQUENCES.on : CONSEQUENCES.off).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </Modal>
  );
}

function BypassPasswordModal({
  open,
  onClose,
  onSave,
}: {
  open: boolean;
  onClose: () => void;
  onSave: (password: string) => Promise<void>;
}) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) {
      setPassword('');
      setConfirm('');
      setError('');
    }
  }, [open]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!password.trim()) return setError('La contraseña no puede estar vacía');
    if (password !== confirm) return setError('Las contraseñas no coinciden');
    setBusy(true);
    setError('');
    try {
      await onSave(password);
    } catch (e) {
      // A refused password says why; any other failure is the spec's message.
      setError(e instanceof ApiError && e.status === 400 ? e.message : 'Error al configurar la contraseña');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open={open} onClose={() => !busy && onClose()} title="Contraseña de bypass" className="!max-w-md">
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField
          label="Nueva contraseña"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          data-autofocus
        />
        <TextField
          label="Confirmar contraseña"
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
        {error && (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {error}
          </p>
        )}
        <FormActions onCancel={onClose} busy={busy} busyLabel="Guardando..." className="pt-1">
          Guardar
        </FormActions>
      </form>
    </Modal>
  );
}
