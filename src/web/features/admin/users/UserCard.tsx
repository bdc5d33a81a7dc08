// One account in the user list: who, role and state badges, and its actions (see, role, activate, delete).
import { Link } from 'react-router';
import { toast } from '../../../lib/toast';
import { accountChangeForbidden, ROLE_LABELS } from '../../../../domain/staff-roles';
import { usePermissions } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { errorMessage, formatDate } from '../lib/format';
import { type AdminUserDto, useSetUserActive } from './api';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { EyeIcon } from '../../../components/ui/icons';
import { TrashIcon } from '../../../components/ui/account-icons';
import { UsersIcon } from '../../../components/ui/admin-icons';

export function UserCard({ user, onDelete, onRole }: { user: AdminUserDto; onDelete: () => void; onRole?: () => void }) {
  const { user: me } = useSession();
  const { can } = usePermissions();
  const setActive = useSetUserActive();
  const own = me?.id === user.id;
  // The server's rule: nobody changes their own account, and only the owner a staff account.
  const actor = { id: me?.id ?? 0, can };
  const roleLocked = accountChangeForbidden(actor, { id: user.id, staff_role: user.role }, 'role');
  const stateLocked = accountChangeForbidden(actor, { id: user.id, staff_role: user.role }, 'active');
  const lockedNoteId = `user-${user.id}-locked`;
  const lockedNote = stateLocked ?? (onRole ? roleLocked : null);
  // A button the actor may not use is held, and points at the note that says why.
  const heldBy = (lock: string | null) => ({ disabled: !!lock, 'aria-describedby': lock ? lockedNoteId : undefined });
  const name = `${user.first_name} ${user.last_name}`.trim() || user.username;
  const initials = ((user.first_name[0] ?? user.username[0] ?? '?') + (user.last_name[0] ?? '')).toUpperCase();

  function toggleActive() {
    setActive.mutate(
      { user, is_active: !user.is_active },
      {
        onSuccess: (result) =>
          toast.success(result?.message ?? (user.is_active ? 'Usuario desactivado correctamente' : 'Usuario activado correctamente')),
        onError: (e) => toast.error('Error al cambiar el estado del usuario', { description: errorMessage(e) }),
      },
    );
  }

  return (
    <article
      className="flex h-full flex-col rounded-xl border border-stone-200 bg-white p-4 shadow-xs"
      aria-labelledby={`user-${user.id}-name`}
    >
      <div className="flex items-start gap-3">
        <span
          className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-bold text-brand-800"
          aria-hidden="true"
        >
          {initials}
        </span>
        <div className="min-w-0 flex-1">
          <h2 id={`user-${user.id}-name`} className="truncate font-semibold text-stone-900">
            {name}
          </h2>
          <p className="truncate text-sm text-stone-600">@{user.username}</p>
          <p className="truncate text-sm text-stone-600">{user.email}</p>
        </div>
      </div>
      <div className="mt-3 flex flex-wrap gap-1.5">
        {user.role ? <Badge tone="info">{ROLE_LABELS[user.role]}</Badge> : <Badge tone="neutral">Usuario</Badge>}
        {user.is_active ? <Badge tone="success">Activo</Badge> : <Badge tone="danger">Inactivo</Badge>}
        {own && <Badge tone="brand">Tu cuenta</Badge>}
      </div>
      <p className="mt-2 text-xs text-stone-500">
        Alta {formatDate(user.date_joined)} · {user.orders_count} {user.orders_count === 1 ? 'pedido' : 'pedidos'}
      </p>
      <div className="mt-auto flex flex-wrap gap-1.5 pt-3">
        <Link
          to={`/admin/usuarios/${user.id}`}
          className="inline-flex min-h-8 items-center gap-1.5 rounded-lg border border-stone-300 bg-white px-2.5 py-1 text-xs font-semibold text-stone-800 hover:bg-stone-50"
        >
          <EyeIcon size={14} />
          Ver detalle
        </Link>
        {onRole && (
          <Button size="sm" variant="secondary" onClick={onRole} {...heldBy(roleLocked)}>
            <UsersIcon size={14} />
            Cambiar rol
          </Button>
        )}
        <Button
          size="sm"
          variant={user.is_active ? 'ghostMuted' : 'secondary'}
          onClick={toggleActive}
          loading={setActive.isPending}
          {...heldBy(stateLocked)}
        >
          {user.is_active ? 'Desactivar' : 'Activar'}
        </Button>
        <Button size="sm" variant="ghostDanger" onClick={onDelete} {...heldBy(stateLocked)} className="ml-auto">
          <TrashIcon size={14} />
          Eliminar
        </Button>
      </div>
      {lockedNote && (
        <p id={lockedNoteId} className="mt-2 text-xs text-stone-600">
          {lockedNote}
        </p>
      )}
    </article>
  );
}
