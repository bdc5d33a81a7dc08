// Staff user calls (spec accounts-admin §7 auth /auth/users/): list with filters, detail with
// orders, activate/deactivate, delete and accounts created by an admin.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '../../../../domain/page';
import { type AdminCreateUserInput, type AdminUserDetailDto, type AdminUserDto, USERS_PAGE_SIZE } from '../../../../domain/users';
import type { Permission, StaffRole } from '../../../../domain/staff-roles';
import { api, toQuery } from '../../../lib/api';

export type { AdminUserDetailDto, AdminUserDto };

export const userKeys = {
  list: ['admin', 'users'] as const,
  detail: (id: number) => ['admin', 'user', id] as const,
};

export interface UserFilters {
  username?: string;
  email?: string;
  status?: 'active' | 'inactive';
  user_type?: 'staff' | 'customer';
  page: number;
}

export function useUsers(filters: UserFilters) {
  const query = { ...filters, page_size: USERS_PAGE_SIZE };
  return useQuery({
    queryKey: [...userKeys.list, query],
    queryFn: ({ signal }) =>
      api.get<Page<AdminUserDto>>(`/api/auth/users/${toQuery(query)}`, { signal, fallbackError: 'Error al cargar los usuarios...' }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useUserDetail(id: number | undefined) {
  return useQuery({
    queryKey: userKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<AdminUserDetailDto>(`/api/auth/users/${id}/`, { signal }),
    enabled: id !== undefined,
    retry: false,
    staleTime: 0,
  });
}

/** spec §7: an earlier variant finds a user by e-mail; the exact match comes first. */
export async function findUserIdByEmail(email: string, signal?: AbortSignal): Promise<number | null> {
  const page = await api.get<Page<AdminUserDto>>(`/api/auth/users/${toQuery({ email, page_size: 5 })}`, {
    signal,
    fallbackError: 'Error al buscar el usuario por email',
  });
  const exact = page.results.find((u) => u.email.toLowerCase() === email.trim().toLowerCase());
  return exact?.id ?? null;
}

function useInvalidateUsers() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: userKeys.list });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'user'] });
  };
}

export function useSetUserActive() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ user, is_active }: { user: AdminUserDto; is_active: boolean }) =>
      api.patch<AdminUserDto & { message: string }>(
        `/api/auth/users/${user.id}/`,
        { is_active },
        { fallbackError: 'Error al cambiar el estado del usuario' },
      ),
    onSuccess: invalidate,
  });
}

export function useDeleteUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (user: AdminUserDto) => api.delete<void>(`/api/auth/users/${user.id}/`, { fallbackError: 'Error al eliminar el usuario' }),
    onSuccess: invalidate,
  });
}

export function useCreateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (input: AdminCreateUserInput) =>
      api.post<{ message: string; user: AdminUserDto }>('/api/auth/admin/create-user/', input, {
        fallbackError: 'Error al crear el usuario',
      }),
    onSuccess: invalidate,
  });
}

/** PUT /api/auth/users/{id}/role/ (owners only): null removes the user from the team. */
export function useSetUserRole() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ user, role, permissions }: { user: AdminUserDto; role: StaffRole | null; permissions?: Permission[] }) =>
      api.put<AdminUserDto & { message: string }>(
        `/api/auth/users/${user.id}/role/`,
        role === 'custom' ? { role, permissions } : { role },
        { fallbackError: 'Error al cambiar el rol' },
      ),
    onSuccess: invalidate,
  });
}
