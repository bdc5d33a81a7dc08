// /admin/usuarios (spec accounts-admin §2 user list): filters kept in the URL (including the
// `email` query used by warranty links), pages of 12, activate/deactivate, delete and create.
import { useState } from 'react';
import { USERS_PAGE_SIZE } from '../../../../domain/users';
import { usePermissions } from '../../../lib/permissions';
import { PageHeader } from '../ui/PageHeader';
import type { AdminUserDto } from './api';
import { CreateUserModal } from './CreateUserModal';
import { DeleteUserModal } from './DeleteUserModal';
import { Pagination } from './Pagination';
import { RoleModal } from './RoleModal';
import { UserCard } from './UserCard';
import { UserFilters } from './UserFilters';
import { useUserListQuery } from './use-user-list';
import { Button } from '../../../components/ui/Button';
import { PlusIcon } from '../../../components/ui/account-icons';
import { UsersIcon } from '../../../components/ui/admin-icons';
import { EmptyState, ListStates } from '../../../components/ui/states';

export default function UserListPage() {
  const query = useUserListQuery();
  const { filters, list, update, filtered } = query;
  const [creating, setCreating] = useState(false);
  const [toDelete, setToDelete] = useState<AdminUserDto | null>(null);
  // Owners give and change roles (issue 24).
  const [roleOf, setRoleOf] = useState<AdminUserDto | null>(null);
  const { can } = usePermissions();

  const users = list.data?.results ?? [];
  const count = list.data?.count ?? 0;
  const totalPages = Math.max(1, Math.ceil(count / USERS_PAGE_SIZE));

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
      <UserFilters query={query} />
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
              <UserCard
                user={user}
                onDelete={() => setToDelete(user)}
                onRole={can('can_manage_team') ? () => setRoleOf(user) : undefined}
              />
            </li>
          ))}
        </ul>
        <Pagination page={filters.page} totalPages={totalPages} onPage={(page) => update({ page: page > 1 ? String(page) : undefined })} />
      </ListStates>

      <CreateUserModal open={creating} onClose={() => setCreating(false)} />
      <RoleModal user={roleOf} onClose={() => setRoleOf(null)} />
      <DeleteUserModal user={toDelete} onClose={() => setToDelete(null)} />
    </>
  );
}
