// Status tabs with counts, date filter buttons with the custom range, customer search, the order
// and fulfilment step, and the active-filter chips of 'Lista de Pedidos' (spec accounts-admin §2
// admin orders, §5 date filter; issue 13 ordering and steps).
import { useEffect, useState } from 'react';
import { FULFILMENT_STAGE_LABELS, FULFILMENT_STAGES, type FulfilmentStage } from '../../../../domain/fulfilment-steps';
import type { DateFilter, OrderOrdering, OrderStatusCounts } from '../../../../domain/orders';
import { formatDate } from '../lib/format';
import { useDebouncedValue } from '../lib/hooks';
import { SearchField, controlClass, TextField } from '../../../components/ui/fields';
import type { OrderFilters, StatusTab } from './api';
import { Button } from '../../../components/ui/Button';
import { CloseIcon } from '../../../components/ui/icons';
import { CalendarIcon } from '../../../components/ui/admin-icons';
import { ChoiceButtons } from '../ui/choices';

const TABS: { id: StatusTab; label: string; count: 'pending' | 'completed' | 'cancelled' | 'total' }[] = [
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

export const ORDERING_LABELS: Record<OrderOrdering, string> = {
  '-created_at': 'Más recientes primero',
  created_at: 'Más antiguos primero',
  '-total': 'Mayor total primero',
  total: 'Menor total primero',
};

/** Fulfilment works through the oldest pending orders first. */
export const isOldestPendingFirst = (filters: OrderFilters) => filters.status === 'pending' && filters.ordering === 'created_at';

const DATE_CHOICES = DATE_OPTIONS.map((option) => ({
  id: option.id,
  label:
    option.id === 'custom' ? (
      <>
        <CalendarIcon size={14} />
        {option.label}
      </>
    ) : (
      option.label
    ),
}));

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
  const options = TABS.map((tab) => ({
    id: tab.id,
    label: (
      <>
        {tab.label}
        <span
          className={`rounded-full px-1.5 py-0.5 text-xs font-semibold ${tab.id === value ? 'bg-brand-100 text-brand-800' : 'bg-stone-200 text-stone-700'}`}
        >
          {counts ? counts[tab.count] : '–'}
        </span>
      </>
    ),
  }));
  return (
    <ChoiceButtons
      label="Estado del pedido"
      options={options}
      value={value}
      onChange={onChange}
      className="grid grid-cols-4 border-b border-stone-200 sm:flex sm:gap-1"
      buttonClass={(pressed) =>
        `-mb-px flex flex-col items-center gap-1 border-b-2 px-1 py-2 text-xs font-medium transition sm:flex-row sm:gap-2 sm:px-3 sm:py-2.5 sm:text-sm ${
          pressed ? 'border-brand-700 text-brand-800' : 'border-transparent text-stone-600 hover:text-stone-900'
        }`
      }
    />
  );
}

interface FilterProps {
  filters: OrderFilters;
  /** The pending tab by stage: each stage button shows its count, and they add up to the tab's. */
  counts?: OrderStatusCounts;
  onChange: (next: OrderFilters) => void;
}

export function OrderFilterBar({ filters, counts, onChange }: FilterProps) {
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
    chips.push({ key: 'search', label: `Búsqueda: ${filters.search}`, clear: () => onChange({ ...filters, search: undefined }) });
  if (filters.stage)
    chips.push({
      key: 'stage',
      label: `Etapa: ${FULFILMENT_STAGE_LABELS[filters.stage]}`,
      clear: () => onChange({ ...filters, stage: undefined }),
    });

  const activeDate = customOpen ? 'custom' : filters.dateFilter;

  return (
    <div className="space-y-3 rounded-xl border border-stone-200 bg-white p-3 shadow-xs">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
        <ChoiceButtons
          label="Filtrar por fecha"
          options={DATE_CHOICES}
          value={activeDate}
          onChange={pickDate}
          className="flex flex-wrap gap-1"
          buttonClass={(pressed) =>
            `inline-flex shrink-0 items-center gap-1.5 rounded-full border px-3 py-1.5 text-xs font-medium transition ${
              pressed ? 'border-brand-700 bg-brand-700 text-white' : 'border-stone-300 bg-white text-stone-700 hover:bg-stone-50'
            }`
          }
        />
        <SearchField
          id="order-search"
          label="Buscar pedidos por cliente, email, teléfono, número o producto"
          value={search}
          onChange={setSearch}
          placeholder="Cliente, nº o producto"
          className="lg:ml-auto lg:w-72"
        />
      </div>

      <OrderingRow filters={filters} counts={counts} onChange={onChange} />

      {customOpen && (
        <div className="flex flex-wrap items-end gap-2 rounded-lg bg-stone-50 p-2.5">
          <TextField
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
          <TextField
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
                <CloseIcon size={12} />
              </button>
            </span>
          ))}
          <button
            type="button"
            onClick={() => {
              setCustomOpen(false);
              setStart('');
              setEnd('');
              onChange({ status: filters.status, ordering: filters.ordering });
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

function OrderingRow({ filters, counts, onChange }: FilterProps) {
  const oldestPending = isOldestPendingFirst(filters);
  return (
    <div className="flex flex-col gap-2 border-t border-stone-100 pt-3 sm:flex-row sm:flex-wrap sm:items-center">
      <div className="flex items-center gap-2">
        <label htmlFor="order-ordering" className="shrink-0 text-xs font-semibold text-stone-700">
          Ordenar
        </label>
        <select
          id="order-ordering"
          value={filters.ordering ?? '-created_at'}
          onChange={(e) => onChange({ ...filters, ordering: e.target.value as OrderOrdering })}
          className={controlClass(false, 'w-auto py-1.5 pr-8', true)}
        >
          {Object.entries(ORDERING_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <button
        type="button"
        aria-pressed={oldestPending}
        onClick={() =>
          onChange(oldestPending ? { ...filters, ordering: undefined } : { ...filters, status: 'pending', ordering: 'created_at' })
        }
        className={`inline-flex items-center justify-center gap-1.5 rounded-full border px-3 py-1.5 text-xs font-medium transition ${
          oldestPending ? 'border-brand-700 bg-brand-700 text-white' : 'border-stone-300 bg-white text-stone-700 hover:bg-stone-50'
        }`}
      >
        Más antiguos pendientes primero
      </button>
      {filters.status === 'pending' && (
        <ChoiceButtons
          label="Etapa del pedido pendiente"
          options={[undefined, ...FULFILMENT_STAGES].map((stage: FulfilmentStage | undefined) => ({
            id: stage,
            label: (
              <>
                {stage ? FULFILMENT_STAGE_LABELS[stage] : 'Todas las etapas'}
                {counts && <span className="ml-1.5 tabular-nums opacity-80">{stage ? counts.stages[stage] : counts.pending}</span>}
              </>
            ),
          }))}
          value={filters.stage}
          onChange={(stage) => onChange({ ...filters, stage })}
          className="flex flex-wrap gap-1 sm:ml-auto"
          buttonClass={(pressed) =>
            `rounded-full border px-3 py-1.5 text-xs font-medium transition ${
              pressed ? 'border-stone-800 bg-stone-800 text-white' : 'border-stone-300 bg-white text-stone-700 hover:bg-stone-50'
            }`
          }
        />
      )}
    </div>
  );
}
