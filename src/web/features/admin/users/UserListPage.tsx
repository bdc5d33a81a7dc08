// /admin/usuarios (spec accounts-admin §2 user list): filters kept in the URL (including the
// `email` query used by warranty links), pages of 12, activate/deactivate, delete and create.
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { ROLE_LABELS } from '../../../../domain/staff-roles';
import { OWN_ACCOUNT_MESSAGE, USERS_PAGE_SIZE } from '../../../../domain/users';
import { useSession } from '../../../lib/session';
import { errorMessage, formatDate } from '../lib/format';
import { useDebouncedValue } from '../lib/hooks';
import { PageHeader } from '../ui/PageHeader';
import { type AdminUserDto, useDeleteUser, useSetUserActive, type UserFilters, useUsers } from './api';
import { Pagination } from './Pagination';
import { CreateUserModal } from './CreateUserModal';
import { RoleModal } from './RoleModal';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { ConfirmModal } from '../../../components/ui/ConfirmModal';
import { SelectField, TextField } from '../../../components/ui/fields';
import { EyeIcon } from '../../../components/ui/icons';
import { PlusIcon, TrashIcon } from '../../../components/ui/account-icons';
import { UsersIcon } from '../../../components/ui/admin-icons';
import { EmptyState, ListStates } from '../../../components/ui/states';

const STATUSES = { active: 'Activos', inactive: 'Inactivos' } as const;
const TYPES = { staff: 'Administradores', customer: 'Usuarios' } as const;

function filtersFromParams(params: URLSearchParams): UserFilters {
  const status = params.get('status');
  const type = params.get('type');
  const page = Number(params.get('page'));
  return {
    username: params.get('username') || undefined,
    email: params.get('email') || undefined,
    status: status === 'active' || status === 'inactive' ? status : undefined,
    user_type: type === 'staff' || type === 'customer' ? type : undefined,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

export default function UserListPage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const list = useUsers(filters);
  const [username, setUsername] = useState(filters.username ?? '');
  const [email, setEmail] = useState(filters.email ?? '');
  const [creating, setCreating] = useState(false);
  const [toDelete, setToDelete] = useState<AdminUserDto | null>(null);
  // Owners give and change roles (issue 24).
  const [roleOf, setRoleOf] = useState<AdminUserDto | null>(null);
  const { user: me } = useSession();
  const remove = useDeleteUser();

  // The latest params, for the debounced effect below.
  const paramsRef = useRef(params);
  paramsRef.current = params;

  function update(changes: Record<string, string | undefined>) {
    const next = new URLSearchParams(paramsRef.current);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    // Any filter change starts again at the first page.
    if (!('page' in changes)) next.delete('page');
    setParams(next, { replace: true });
  }

  // spec §9: typed filters wait 300 ms.
  const typed = { username: useDebouncedValue(username.trim(), 300), email: useDebouncedValue(email.trim(), 300) };
  useEffect(() => {
    const current = paramsRef.current;
    if (typed.username !== (current.get('username') ?? '') || typed.email !== (current.get('email') ?? '')) {
      update({ username: typed.username, email: typed.email });
    }
    // Runs when the debounced text changes; `update` reads the latest params through paramsRef.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed.username, typed.email]);

  const users = list.data?.results ?? [];
  const count = list.data?.count ?? 0;
  const totalPages = Math.max(1, Math.ceil(count / USERS_PAGE_SIZE));
  const filtered = !!(filters.username || filters.email || filters.status || filters.user_type);

  function clearFilters() {
    setUsername('');
    setEmail('');
    setParams(new URLSearchParams(), { replace: true });
  }

  function confirmDelete() {
    if (!toDelete) return;
    remove.mutate(toDelete, {
      onSuccess: () => {
        toast.success(`Usuario ${toDelete.username} eliminado correctamente`);
        setToDelete(null);
      },
      onError: (e) => toast.error('Error al eliminar el usuario', { description: errorMessage(e) }),
    });
  }

  return (
    <>
      <PageHeader
        title="Usuarios"
        subtitle={list.data ? `${count} ${count === 1 ? 'usuario' : 'usuarios'}` : 'Cuentas de clientes y administradores'}
        actions={
          <Button onClick={() => setCreating(true)}>
            <PlusIcon size={16} />
            Crear usuario
          </Button>
        }
      />

      <div className="mb-4 grid gap-3 rounded-xl border border-stone-200 bg-white p-3 shadow-xs sm:grid-cols-2 lg:grid-cols-[1fr_1fr_11rem_11rem_auto] lg:items-end">
        <TextField
          label="Usuario"
          type="search"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          placeholder="Buscar por usuario"
        />
        <TextField label="Email" type="search" value={email} onChange={(e) => setEmail(e.target.value)} placeholder="Buscar por email" />
        <SelectField label="Estado" value={filters.status ?? ''} onChange={(e) => update({ status: e.target.value })}>
          <option value="">Todos</option>
          {Object.entries(STATUSES).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        <SelectField label="Tipo" value={filters.user_type ?? ''} onChange={(e) => update({ type: e.target.value })}>
          <option value="">Todos</option>
          {Object.entries(TYPES).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        <Button variant="ghostMuted" onClick={clearFilters} disabled={!filtered && !username && !email}>
          Limpiar filtros
        </Button>
      </div>

      <ListStates
        query={list}
        count={users.length}
        loadingLabel="Cargando usuarios..."
        errorTitle="Error al cargar los usuarios..."
        empty={
          <EmptyState title="No se encontraron usuarios" icon={<UsersIcon size={32} />}>
            {filters.email && !filters.username ? 'No se encontró un usuario con ese email' : filtered ? 'Prueba con otros filtros.' : null}
          </EmptyState>
        }
      >
        <ul
          className={`grid gap-3 sm:grid-cols-2 xl:grid-cols-3 ${list.isPlaceholderData ? 'opacity-60' : ''}`}
          aria-busy={list.isPlaceholderData || undefined}
        >
          {users.map((user) => (
            <li key={user.id}>
              <UserCard user={user} onDelete={() => setToDelete(user)} onRole={me?.is_superuser ? () => setRoleOf(user) : undefined} />
            </li>
          ))}
        </ul>
        <Pagination page={filters.page} totalPages={totalPages} onPage={(page) => update({ page: page > 1 ? String(page) : undefined })} />
      </ListStates>

      <CreateUserModal open={creating} onClose={() => setCreating(false)} />
      <RoleModal user={roleOf} onClose={() => setRoleOf(null)} />
      <ConfirmModal
        open={!!toDelete}
        title="Eliminar usuario"
        confirmLabel="Eliminar"
        busy={remove.isPending}
        busyLabel="Eliminando..."
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      >
        <p>
          ¿Seguro que deseas eliminar la cuenta de <strong>{toDelete?.username}</strong> ({toDelete?.email})? Esta acción no se puede
          deshacer.
        </p>
        <p className="mt-2 text-stone-600">Sus pedidos se conservan con el nombre del cliente.</p>
      </ConfirmModal>
    </>
  );
}

function UserCard({ user, onDelete, onRole }: { user: AdminUserDto; onDelete: () => void; onRole?: () => void }) {
  const { user: me } = useSession();
  const setActive = useSetUserActive();
  const own = me?.id === user.id;
  const ownNoteId = `user-${user.id}-own`;
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
          <Button size="sm" variant="secondary" onClick={onRole}>
            <UsersIcon size={14} />
            Cambiar rol
          </Button>
        )}
        <Button
          size="sm"
          variant={user.is_active ? 'ghostMuted' : 'secondary'}
          onClick={toggleActive}
          loading={setActive.isPending}
          disabled={own}
          aria-describedby={own ? ownNoteId : undefined}
        >
          {user.is_active ? 'Desactivar' : 'Activar'}
        </Button>
        <Button
          size="sm"
          variant="ghostDanger"
          onClick={onDelete}
          disabled={own}
          aria-describedby={own ? ownNoteId : undefined}
          className="ml-auto"
        >
          <TrashIcon size={14} />
          Eliminar
        </Button>
      </div>
      {own && (
        <p id={ownNoteId} className="mt-2 text-xs text-stone-600">
          {OWN_ACCOUNT_MESSAGE}
        </p>
      )}
    </article>
  );
}
