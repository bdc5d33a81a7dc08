// Status tabs with counts, date filter buttons with the custom range, customer search and the
// active-filter chips of 'Lista de Pedidos' (spec accounts-admin §2 admin orders, §5 date filter).
import { useEffect, useState } from 'react';
import type { DateFilter, OrderStatusCounts } from '../../../../domain/orders';
import { formatDate } from '../lib/format';
import { useDebouncedValue } from '../lib/hooks';
import { Button } from '../ui/Button';
import { controlClass, TextInput } from '../ui/fields';
import { CalendarIcon, SearchIcon, XIcon } from '../ui/icons';
import type { OrderFilters, StatusTab } from './api';

const TABS: { id: StatusTab; label: string; count: keyof OrderStatusCounts }[] = [
  { id: 'pending', label: 'Pendientes', count: 'pending' },
  { id: 'completed', label: 'Completados', count: 'completed' },
  { id: 'cancelled', label: 'Cancelados', count: 'cancelled' },
  { id: 'all', label: 'Todos', count: 'total' },
];

const DATE_OPTIONS: { id: DateFilter | undefined; label: string }[] = [
  { id: undefined, label: 'Todas las fechas' },
  { id: 'today', label: 'Hoy' },
  { id: 'week', label: 'Última semana' },
  { id: 'month', label: 'Último mes' },
  { id: 'custom', label: 'Personalizado' },
];

const dateLabel = (id: DateFilter) => DATE_OPTIONS.find((o) => o.id === id)!.label;
const dayLabel = (day: string) => formatDate(`${day}T12:00:00`);

export function StatusTabs({
  value,
  counts,
  onChange,
}: {
  value: StatusTab;
  counts?: OrderStatusCounts;
  onChange: (tab: StatusTab) => void;
}) {
  return (
    <div role="group" aria-label="Estado del pedido" className="grid grid-cols-4 border-b border-stone-200 sm:flex sm:gap-1">
      {TABS.map((tab) => {
        const active = tab.id === value;
        return (
          <button
            key={tab.id}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(tab.id)}
            className={`-mb-px flex flex-col items-center gap-1 border-b-2 px-1 py-2 text-xs font-medium transition sm:flex-row sm:gap-2 sm:px-3 sm:py-2.5 sm:text-sm ${
              active ? 'border-brand-700 text-brand-800' : 'border-transparent text-stone-600 hover:text-stone-900'
            }`}
          >
            {tab.label}
            <span
              className={`rounded-full px-1.5 py-0.5 text-xs font-semibold ${active ? 'bg-brand-100 text-brand-800' : 'bg-stone-200 text-stone-700'}`}
            >
              {counts ? counts[tab.count] : '–'}
            </span>
          </button>
        );
      })}
    </div>
  );
}

export function OrderFilterBar({ filters, onChange }: { filters: OrderFilters; onChange: (next: OrderFilters) => void }) {
  const [customOpen, setCustomOpen] = useState(filters.dateFilter === 'custom');
  const [start, setStart] = useState(filters.startDate ?? '');
  const [end, setEnd] = useState(filters.endDate ?? '');
  const [rangeError, setRangeError] = useState<string>();
  const [search, setSearch] = useState(filters.search ?? '');
  // spec accounts-admin §9: search debounce 300 ms.
  const debounced = useDebouncedValue(search, 300);

  useEffect(() => {
    if ((filters.search ?? '') !== debounced.trim()) onChange({ ...filters, search: debounced.trim() || undefined });
    // Only the typed text drives this effect.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  // A chip removed from outside (or "clear filters") also clears the box.
  useEffect(() => {
    if (!filters.search) setSearch('');
  }, [filters.search]);

  function pickDate(id: DateFilter | undefined) {
    setRangeError(undefined);
    if (id === 'custom') {
      setCustomOpen(true);
      return;
    }
    setCustomOpen(false);
    onChange({ ...filters, dateFilter: id, startDate: undefined, endDate: undefined });
  }

  function applyRange() {
    // spec accounts-admin §5: a custom range needs both dates.
    if (!start || !end) {
      setRangeError('Debes seleccionar fechas de inicio y fin');
      return;
    }
    setRangeError(undefined);
    onChange({ ...filters, dateFilter: 'custom', startDate: start, endDate: end });
  }

  const chips: { key: string; label: string; clear: () => void }[] = [];
  if (filters.dateFilter && filters.dateFilter !== 'custom') {
    chips.push({ key: 'date', label: `Fecha: ${dateLabel(filters.dateFilter)}`, clear: () => pickDate(undefined) });
  }
  if (filters.dateFilter === 'custom' && filters.startDate && filters.endDate) {
    chips.push({
      key: 'range',
      label: `Del ${dayLabel(filters.startDate)} al ${dayLabel(filters.endDate)}`,
      clear: () => {
        setStart('');
        setEnd('');
        pickDate(undefined);
      },
    });
  }
  if (filters.search)
    chips.push({ key: 'search', label: `Cliente: ${filters.search}`, clear: () => onChange({ ...filters, search: undefined }) });

  const activeDate = customOpen ? 'custom' : filters.dateFilter;

  return (
    <div className="space-y-3 rounded-xl border border-stone-200 bg-white p-3 shadow-xs">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
        <div role="group" aria-label="Filtrar por fecha" className="flex flex-wrap gap-1">
          {DATE_OPTIONS.map((option) => {
            const active = option.id === activeDate;
            return (
              <button
                key={option.label}
                type="button"
                aria-pressed={active}
                onClick={() => pickDate(option.id)}
                className={`inline-flex shrink-0 items-center gap-1.5 rounded-full border px-3 py-1.5 text-xs font-medium transition ${
                  active ? 'border-brand-700 bg-brand-700 text-white' : 'border-stone-300 bg-white text-stone-700 hover:bg-stone-50'
                }`}
              >
                {option.id === 'custom' && <CalendarIcon size={14} />}
                {option.label}
              </button>
            );
          })}
        </div>
        <div className="relative lg:ml-auto lg:w-72">
          <label htmlFor="order-search" className="sr-only">
            Buscar por cliente
          </label>
          <SearchIcon size={16} className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-stone-400" />
          <input
            id="order-search"
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="Buscar por nombre del cliente"
            className={controlClass(false, 'pl-9')}
          />
        </div>
      </div>

      {customOpen && (
        <div className="flex flex-wrap items-end gap-2 rounded-lg bg-stone-50 p-2.5">
          <TextInput
            label="Desde"
            type="date"
            value={start}
            max={end || undefined}
            onChange={(e) => {
              setStart(e.target.value);
              if (end && e.target.value > end) setEnd(e.target.value);
            }}
            className="w-40"
          />
          <TextInput
            label="Hasta"
            type="date"
            value={end}
            min={start || undefined}
            onChange={(e) => setEnd(e.target.value)}
            className="w-40"
          />
          <Button size="md" onClick={applyRange}>
            Aplicar
          </Button>
          {rangeError && (
            <p role="alert" className="w-full text-xs text-red-700">
              {rangeError}
            </p>
          )}
        </div>
      )}

      {chips.length > 0 && (
        <div className="flex flex-wrap items-center gap-1.5" aria-label="Filtros activos">
          {chips.map((chip) => (
            <span
              key={chip.key}
              className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-0.5 pl-2.5 pr-1 text-xs font-medium text-brand-900 ring-1 ring-brand-200"
            >
              {chip.label}
              <button
                type="button"
                onClick={chip.clear}
                className="rounded-full p-0.5 hover:bg-brand-100"
                aria-label={`Quitar filtro ${chip.label}`}
              >
                <XIcon size={12} />
              </button>
            </span>
          ))}
          <button
            type="button"
            onClick={() => {
              setCustomOpen(false);
              setStart('');
              setEnd('');
              onChange({ status: filters.status });
            }}
            className="px-1 text-xs font-medium text-stone-600 underline hover:text-stone-900"
          >
            Limpiar filtros
          </button>
        </div>
      )}
    </div>
  );
}
