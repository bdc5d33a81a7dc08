// The user list's filters, kept in the URL (including the `email` query used by warranty links),
// the typed ones applied 300 ms after the last key, and its query.
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from '../lib/hooks';
import { type UserFilters, useUsers } from './api';

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

export function useUserListQuery() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const list = useUsers(filters);
  const [username, setUsername] = useState(filters.username ?? '');
  const [email, setEmail] = useState(filters.email ?? '');

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

  function clear() {
    setUsername('');
    setEmail('');
    setParams(new URLSearchParams(), { replace: true });
  }

  const filtered = !!(filters.username || filters.email || filters.status || filters.user_type);
  return { filters, list, update, clear, filtered, username, setUsername, email, setEmail };
}

export type UserListQuery = ReturnType<typeof useUserListQuery>;
