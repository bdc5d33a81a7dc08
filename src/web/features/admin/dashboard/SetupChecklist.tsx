// 'Primeros pasos' on 'Inicio': what the shop still needs before its first order, each step
// linked to the setting that completes it. Gone once every step is done (or while it cannot load:
// the figures below matter more than a failed reminder).
import { Link } from 'react-router';
import type { SetupChecklist as Checklist } from '../../../../domain/dashboard';
import { useSetupChecklist } from './api';
import { CheckIcon } from '../../../components/ui/icons';

export function SetupChecklist() {
  const { data } = useSetupChecklist();
  if (!data || data.done) return null;
  return <SetupCard checklist={data} />;
}

function SetupCard({ checklist }: { checklist: Checklist }) {
  const total = checklist.items.length;
  const ready = checklist.items.filter((item) => item.done).length;
  return (
    <section aria-labelledby="setup-heading" className="mb-4 rounded-xl border border-brand-200 bg-brand-50/60 p-4 shadow-xs">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h2 id="setup-heading" className="text-sm font-semibold text-stone-900">
          Primeros pasos
        </h2>
        <p className="text-xs text-stone-600">
          <span className="font-semibold text-stone-900 tabular-nums">
            {ready} de {total}
          </span>{' '}
          listos antes de tu primer pedido
        </p>
      </div>
      <div
        role="progressbar"
        aria-label="Primeros pasos listos"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={ready}
        aria-valuetext={`${ready} de ${total} listos`}
        className="mt-2 h-2 overflow-hidden rounded-full bg-white ring-1 ring-brand-200"
      >
        <div className="h-full rounded-full bg-brand-600 transition-all" style={{ width: `${(ready / total) * 100}%` }} />
      </div>
      <ul className="mt-3 grid gap-1 sm:grid-cols-2 lg:grid-cols-3">
        {checklist.items.map((item) => (
          <li key={item.key} className="min-w-0">
            {item.done ? (
              <p className="flex items-center gap-2 rounded-lg px-2 py-1.5 text-sm text-stone-600">
                <span className="grid size-5 shrink-0 place-items-center rounded-full bg-green-600 text-white" aria-hidden="true">
                  <CheckIcon size={12} strokeWidth={3} />
                </span>
                <span className="line-through decoration-stone-400">{item.label}</span>
                <span className="sr-only">(listo)</span>
              </p>
            ) : (
              <Link
                to={item.href}
                className="flex items-center gap-2 rounded-lg px-2 py-1.5 text-sm font-medium text-brand-800 transition hover:bg-white hover:underline"
              >
                <span className="size-5 shrink-0 rounded-full border-2 border-stone-400 bg-white" aria-hidden="true" />
                {item.label}
                <span aria-hidden="true" className="ml-auto text-brand-700">
                  →
                </span>
              </Link>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
