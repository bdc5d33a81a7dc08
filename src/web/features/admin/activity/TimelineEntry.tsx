// One entry of the activity timeline: its action's dot and badge, who and when, and its changes
// (before/after) behind "Ver cambios".
import { useId, useState, type ReactNode } from 'react';
import type { ActivityActionName } from '../../../../domain/activity';
import { formatDateTime } from '../lib/format';
import type { ActivityEntryDto } from './api';
import { byFieldOrder, fieldLabel, formatValue, isShownField } from './change-format';
import { Badge, type BadgeTone } from '../../../components/ui/Badge';
import { ChevronDownIcon, CheckIcon, EditIcon } from '../../../components/ui/icons';
import { ClipboardIcon, UsersIcon } from '../../../components/ui/admin-icons';
import { ArrowLeftIcon, PlusIcon, TrashIcon } from '../../../components/ui/account-icons';

const ACTION_STYLE: Record<ActivityActionName, { tone: BadgeTone; dot: string; icon: (p: { size?: number }) => ReactNode }> = {
  create: { tone: 'success', dot: 'bg-green-600', icon: PlusIcon },
  update: { tone: 'info', dot: 'bg-sky-600', icon: EditIcon },
  delete: { tone: 'danger', dot: 'bg-red-600', icon: TrashIcon },
  register: { tone: 'brand', dot: 'bg-brand-700', icon: UsersIcon },
  login: { tone: 'neutral', dot: 'bg-stone-500', icon: (p) => <ArrowLeftIcon {...p} className="rotate-180" /> },
  order: { tone: 'warning', dot: 'bg-amber-600', icon: ClipboardIcon },
  status_change: { tone: 'info', dot: 'bg-violet-600', icon: CheckIcon },
};

export function TimelineEntry({ entry }: { entry: ActivityEntryDto }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const style = ACTION_STYLE[entry.action] ?? ACTION_STYLE.update;
  const Icon = style.icon;
  const hasChanges = !!entry.changes && Object.keys(entry.changes).length > 0;
  return (
    <li className="relative flex gap-3">
      <span
        className={`relative z-10 mt-2.5 flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-white ring-4 ring-stone-100 ${style.dot}`}
        aria-hidden="true"
      >
        <Icon size={16} />
      </span>
      <div className="min-w-0 flex-1 rounded-xl border border-stone-200 bg-white p-3 shadow-xs">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <p className="min-w-0 break-words text-sm font-medium text-stone-900">{entry.description}</p>
          <Badge tone={style.tone}>{entry.action_display}</Badge>
        </div>
        <p className="mt-1 text-xs text-stone-500">
          <span className="font-medium text-stone-700">{entry.user || 'Sistema'}</span> ·{' '}
          <time dateTime={entry.timestamp}>{formatDateTime(entry.timestamp)}</time>
        </p>
        {hasChanges && (
          <>
            <button
              type="button"
              onClick={() => setOpen((o) => !o)}
              aria-expanded={open}
              aria-controls={`${id}-changes`}
              className="mt-2 inline-flex items-center gap-1 text-xs font-semibold text-brand-800 hover:text-brand-950"
            >
              {open ? 'Ocultar cambios' : 'Ver cambios'}
              <ChevronDownIcon size={14} className={`transition ${open ? 'rotate-180' : ''}`} />
            </button>
            {open && (
              <div id={`${id}-changes`} className="mt-2">
                <ChangeDetails changes={entry.changes!} entityType={entry.entity_type} />
              </div>
            )}
          </>
        )}
      </div>
    </li>
  );
}

const isMap = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/** Before/after maps as a table; other change fields (order status changes) as a list. */
function ChangeDetails({ changes, entityType }: { changes: Record<string, unknown>; entityType: string | null }) {
  const before = isMap(changes.before) ? changes.before : null;
  const after = isMap(changes.after) ? changes.after : null;
  const fields =
    before || after
      ? [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter(isShownField).sort(byFieldOrder)
      : [];
  const others = Object.entries(changes)
    .filter(
      ([key]) =>
        isShownField(key) &&
        !((key === 'before' && (before || changes.before === null)) || (key === 'after' && (after || changes.after === null))),
    )
    .sort(([a], [b]) => byFieldOrder(a, b));
  // A field's neighbours say how to read it (the currency of prices, the type of a discount).
  const context = { ...changes, ...before, ...after };
  const beforeContext = { ...context, ...before };
  return (
    <div className="space-y-2 text-xs">
      {fields.length > 0 && (
        <div className="overflow-x-auto rounded-lg border border-stone-200">
          <table className="w-full text-left">
            <thead className="bg-stone-50 text-stone-600">
              <tr>
                <th scope="col" className="px-2 py-1.5 font-semibold">
                  Campo
                </th>
                <th scope="col" className="px-2 py-1.5 font-semibold">
                  Antes
                </th>
                <th scope="col" className="px-2 py-1.5 font-semibold">
                  Después
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {fields.map((field) => (
                <tr key={field}>
                  <th scope="row" className="px-2 py-1.5 font-medium text-stone-700">
                    {fieldLabel(field)}
                  </th>
                  <td className="whitespace-pre-line px-2 py-1.5 wrap-anywhere text-red-800">
                    {formatValue(entityType, field, before?.[field], beforeContext)}
                  </td>
                  <td className="whitespace-pre-line px-2 py-1.5 wrap-anywhere text-green-800">
                    {formatValue(entityType, field, after?.[field], context)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {others.length > 0 && (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-lg bg-stone-50 p-2">
          {others.map(([key, value]) => (
            <div key={key} className="contents">
              <dt className="text-stone-500">{fieldLabel(key)}</dt>
              <dd className="whitespace-pre-line text-stone-800 wrap-anywhere">{formatValue(entityType, key, value, context)}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}
