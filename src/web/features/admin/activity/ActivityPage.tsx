// /admin/actividad (spec accounts-admin §2 activity panel): stat cards (after 500 ms), search,
// action and from-date filters, refresh, and a timeline with expandable changes and load more.
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { PageHeader } from '../ui/PageHeader';
import { ActivityFilters, useActivityFilters } from './ActivityFilters';
import { ActivityStats } from './ActivityStats';
import { useActivity, useActivityStats } from './api';
import { TimelineEntry } from './TimelineEntry';
import { Button } from '../../../components/ui/Button';
import { PulseIcon, RefreshIcon } from '../../../components/ui/admin-icons';
import { EmptyState, ListStates, LoadMore } from '../../../components/ui/states';

export default function ActivityPage() {
  const filterState = useActivityFilters();
  const { filters, filtered } = filterState;
  const list = useActivity(filters);
  const stats = useActivityStats();
  const [refreshing, setRefreshing] = useState(false);

  const entries = list.data?.pages.flatMap((p) => p.results) ?? [];

  async function refresh() {
    setRefreshing(true);
    const [result] = await Promise.all([list.refetch(), stats.refetch()]);
    setRefreshing(false);
    if (result.isError) toast.error('Error al actualizar las actividades');
  }

  return (
    <>
      <PageHeader
        title="Actividad"
        subtitle="Registro de cambios, pedidos e ingresos en la tienda"
        actions={
          <Button variant="secondary" onClick={refresh} loading={refreshing} loadingText="Actualizando...">
            <RefreshIcon size={16} />
            Actualizar
          </Button>
        }
      />

      <ActivityStats stats={stats} />

      <ActivityFilters state={filterState} />

      <ListStates
        query={list}
        count={entries.length}
        loadingLabel="Cargando actividades..."
        errorTitle="Error al cargar los actividades"
        empty={
          <EmptyState title="No hay actividades" icon={<PulseIcon size={32} />}>
            {filtered ? 'Prueba con otros filtros.' : 'Las acciones de la tienda aparecerán aquí.'}
          </EmptyState>
        }
      >
        <ol
          className={`relative space-y-3 before:absolute before:bottom-2 before:left-[1.1rem] before:top-2 before:w-px before:bg-stone-300 ${list.isPlaceholderData ? 'opacity-60' : ''}`}
        >
          {entries.map((entry) => (
            <TimelineEntry key={entry.id} entry={entry} />
          ))}
        </ol>
        <LoadMore query={list} label="Cargar más actividades" />
      </ListStates>
    </>
  );
}
