// The user list's filter bar: username and e-mail searches, state and type, and "Limpiar filtros".
import { Button } from '../../../components/ui/Button';
import { SearchField, SelectField } from '../../../components/ui/fields';
import type { UserListQuery } from './use-user-list';

const STATUSES = { active: 'Activos', inactive: 'Inactivos' } as const;
const TYPES = { staff: 'Administradores', customer: 'Usuarios' } as const;

export function UserFilters({ query }: { query: UserListQuery }) {
  const { filters, update, clear, filtered, username, setUsername, email, setEmail } = query;
  return (
    <div className="mb-4 grid gap-3 rounded-xl border border-stone-200 bg-white p-3 shadow-xs sm:grid-cols-2 lg:grid-cols-[1fr_1fr_11rem_11rem_auto] lg:items-end">
      <SearchField label="Usuario" hideLabel={false} value={username} onChange={setUsername} placeholder="Buscar por usuario" />
      <SearchField label="Email" hideLabel={false} value={email} onChange={setEmail} placeholder="Buscar por email" />
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
      <Button variant="ghostMuted" onClick={clear} disabled={!filtered && !username && !email}>
        Limpiar filtros
      </Button>
    </div>
  );
}
