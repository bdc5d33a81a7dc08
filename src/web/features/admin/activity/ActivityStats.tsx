// The activity page's stat cards: counts of today, the last 7 and 30 days and in all, shown half a
// second after the page (placeholders until then).
import { useEffect, useState } from 'react';
import type { useActivityStats } from './api';

const STATS_DELAY_MS = 500;

const STAT_CARDS = [
  { key: 'activities_today', label: 'Hoy' },
  { key: 'activities_last_week', label: 'Últimos 7 días' },
  { key: 'activities_last_month', label: 'Últimos 30 días' },
  { key: 'total_activities', label: 'Total' },
] as const;

export function ActivityStats({ stats }: { stats: ReturnType<typeof useActivityStats> }) {
  const [statsShown, setStatsShown] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setStatsShown(true), STATS_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  return (
    <section aria-label="Estadísticas" className="mb-5 grid grid-cols-2 gap-3 lg:grid-cols-4">
      {STAT_CARDS.map(({ key, label }) => (
        <div key={key} className="rounded-xl border border-stone-200 bg-white p-4 shadow-xs">
          <p className="text-xs font-medium uppercase tracking-wide text-stone-500">{label}</p>
          {statsShown && stats.data ? (
            <p className="mt-1 text-2xl font-bold tabular-nums text-stone-900">{stats.data[key].toLocaleString('es-AR')}</p>
          ) : (
            <p className="mt-2 h-7 w-16 animate-pulse rounded bg-stone-200" aria-hidden="true" />
          )}
        </div>
      ))}
    </section>
  );
}
