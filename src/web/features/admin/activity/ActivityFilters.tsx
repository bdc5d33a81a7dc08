// The activity page's filters: search, action and from-date, and "Limpiar filtros".
import { useState } from 'react';
import { ACTIVITY_ACTIONS, ACTIVITY_FILTER_LABELS, type ActivityActionName } from '../../../../domain/activity';
import { useDebouncedValue } from '../lib/hooks';
import type { ActivityFilters as Filters } from './api';
import { Button } from '../../../components/ui/Button';
import { SearchField, SelectField, TextField } from '../../../components/ui/fields';

/** The filters as typed, and as the query takes them (the search 300 ms after the last key). */
export function useActivityFilters() {
  const [search, setSearch] = useState('');
  const [action, setAction] = useState<ActivityActionName | ''>('');
  const [dateFrom, setDateFrom] = useState('');
  const filters: Filters = {
    search: useDebouncedValue(search, 300),
    action: action || undefined,
    date_from: dateFrom || undefined,
  };
  const filtered = !!(search || action || dateFrom);
  function clear() {
    setSearch('');
    setAction('');
    setDateFrom('');
  }
  return { filters, filtered, clear, search, setSearch, action, setAction, dateFrom, setDateFrom };
}

export function ActivityFilters({ state }: { state: ReturnType<typeof useActivityFilters> }) {
  const { filtered, clear, search, setSearch, action, setAction, dateFrom, setDateFrom } = state;
  return (
    <div className="mb-4 grid gap-3 rounded-xl border border-stone-200 bg-white p-3 shadow-xs sm:grid-cols-2 lg:grid-cols-[1fr_13rem_11rem_auto] lg:items-end">
      <SearchField label="Buscar" hideLabel={false} value={search} onChange={setSearch} placeholder="Descripción o usuario" />
      <SelectField label="Acción" value={action} onChange={(e) => setAction(e.target.value as ActivityActionName | '')}>
        <option value="">Todas las acciones</option>
        {ACTIVITY_ACTIONS.map((a) => (
          <option key={a} value={a}>
            {ACTIVITY_FILTER_LABELS[a]}
          </option>
        ))}
      </SelectField>
      <TextField label="Desde" type="date" value={dateFrom} onChange={(e) => setDateFrom(e.target.value)} />
      <Button variant="ghostMuted" disabled={!filtered} onClick={clear}>
        Limpiar filtros
      </Button>
    </div>
  );
}
