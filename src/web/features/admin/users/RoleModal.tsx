// The owner gives, changes or removes a user's staff role (issue 24): a select with the five
// roles and "Cliente (sin acceso)", the permissions of a custom role as checkboxes, and what the
// change means before it is saved.
import { useEffect, useId, useState } from 'react';
import { toast } from '../../../lib/toast';
import {
  ASSIGNABLE_PERMISSIONS,
  NO_ROLE_LABEL,
  PERMISSION_LABELS,
  ROLE_DESCRIPTIONS,
  ROLE_LABELS,
  roleLabel,
  STAFF_ROLES,
  type Permission,
  type StaffRole,
} from '../../../../domain/staff-roles';
import { Modal } from '../../../components/Modal';
import { errorMessage } from '../lib/format';
import { type AdminUserDto, useSetUserRole } from './api';
import { Button } from '../../../components/ui/Button';
import { DialogActions } from '../../../components/ui/DialogActions';
import { Checkbox } from '../../../components/ui/checkboxes';
import { SelectField } from '../../../components/ui/fields';

export function RoleModal({ user, onClose }: { user: AdminUserDto | null; onClose: () => void }) {
  const setRole = useSetUserRole();
  const [role, setRoleValue] = useState<StaffRole | null>(null);
  const [permissions, setPermissions] = useState<Permission[]>([]);
  const noteId = useId();

  useEffect(() => {
    if (!user) return;
    setRoleValue(user.role);
    setPermissions(ASSIGNABLE_PERMISSIONS.filter((p) => user.staff_permissions?.includes(p)));
    setRole.reset();
    // Only when another user is opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user?.id]);

  if (!user) return null;
  const changed = role !== user.role || role === 'custom';
  const missingPermissions = role === 'custom' && permissions.length === 0;

  function toggle(permission: Permission, on: boolean) {
    setPermissions((current) => (on ? [...current, permission] : current.filter((p) => p !== permission)));
  }

  function save() {
    if (!user) return;
    setRole.mutate(
      { user, role, permissions: role === 'custom' ? permissions : undefined },
      {
        onSuccess: (result) => {
          toast.success(result.message);
          onClose();
        },
        onError: (e) => toast.error('No se pudo cambiar el rol', { description: errorMessage(e) }),
      },
    );
  }

  return (
    <Modal
      open
      onClose={() => !setRole.isPending && onClose()}
      title={`Rol de ${user.username}`}
      className="!max-w-lg"
      footer={
        <DialogActions onCancel={onClose} busy={setRole.isPending}>
          <Button onClick={save} loading={setRole.isPending} loadingText="Guardando..." disabled={!changed || missingPermissions}>
            Guardar rol
          </Button>
        </DialogActions>
      }
    >
      <div className="space-y-4 text-sm text-stone-700">
        <SelectField
          label="Rol"
          value={role ?? ''}
          onChange={(e) => setRoleValue(e.target.value ? (e.target.value as StaffRole) : null)}
          aria-describedby={noteId}
        >
          <option value="">{NO_ROLE_LABEL}</option>
          {STAFF_ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r]}
            </option>
          ))}
        </SelectField>
        <p id={noteId} className="text-stone-600">
          {role ? ROLE_DESCRIPTIONS[role] : 'Compra en la tienda; no entra al panel.'}
        </p>
        {role === 'custom' && (
          <fieldset className="space-y-2 rounded-lg border border-stone-200 p-3">
            <legend className="px-1 text-sm font-semibold text-stone-900">Permisos</legend>
            {ASSIGNABLE_PERMISSIONS.map((p) => (
              <Checkbox key={p} checked={permissions.includes(p)} onChange={(on) => toggle(p, on)}>
                {PERMISSION_LABELS[p]}
              </Checkbox>
            ))}
            {missingPermissions && <p className="text-sm text-red-700">Elige al menos un permiso.</p>}
          </fieldset>
        )}
        {changed && (
          <p className="rounded-lg bg-amber-50 p-3 text-amber-900">
            <strong>{user.username}</strong> pasa de <strong>{roleLabel(user.role)}</strong> a <strong>{roleLabel(role)}</strong>. Se
            cerrarán sus sesiones abiertas: vuelve a entrar con los permisos nuevos.
          </p>
        )}
      </div>
    </Modal>
  );
}
