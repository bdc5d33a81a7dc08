// 'Exportar': the orders of the current filters (or of a selection) as a CSV, one row per order or
// one row per product line.
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { buttonClass } from '../../../components/ui/Button';
import { errorMessage } from '../lib/format';
import { Spinner } from '../ui/Button';
import { ChevronDownIcon } from '../ui/icons';
import { downloadOrdersCsv, type ExportRows } from './api';

const OPTIONS: { rows: ExportRows; label: string }[] = [
  { rows: 'orders', label: 'Un pedido por fila (CSV)' },
  { rows: 'lines', label: 'Un producto por fila (CSV)' },
];

export function ExportMenu({
  query,
  label = 'Exportar',
  variant = 'secondary',
  align = 'right',
  up,
}: {
  query: Record<string, string | number | undefined>;
  label?: string;
  variant?: 'secondary' | 'ghostMuted';
  align?: 'left' | 'right';
  /** Opens above the button (in the bar at the bottom of the screen). */
  up?: boolean;
}) {
  const menu = useRef<HTMLDetailsElement>(null);
  const [busy, setBusy] = useState(false);

  async function download(rows: ExportRows) {
    if (menu.current) menu.current.open = false;
    setBusy(true);
    try {
      await downloadOrdersCsv(query, rows);
    } catch (error) {
      toast.error('Error al exportar los pedidos', { description: errorMessage(error, '') || undefined });
    } finally {
      setBusy(false);
    }
  }

  return (
    <details ref={menu} className="relative">
      <summary className={`${buttonClass(variant, 'cursor-pointer list-none [&::-webkit-details-marker]:hidden', 'md')}`} aria-busy={busy}>
        {busy && <Spinner />}
        {label}
        <ChevronDownIcon size={14} />
      </summary>
      <div
        className={`absolute z-30 w-60 rounded-lg border border-stone-200 bg-white p-1 shadow-lg ${align === 'right' ? 'right-0' : 'left-0'} ${
          up ? 'bottom-full mb-1' : 'mt-1'
        }`}
      >
        {OPTIONS.map((option) => (
          <button
            key={option.rows}
            type="button"
            disabled={busy}
            onClick={() => void download(option.rows)}
            className="block w-full rounded-md px-3 py-2 text-left text-sm text-stone-800 hover:bg-stone-100 disabled:text-stone-400"
          >
            {option.label}
          </button>
        ))}
      </div>
    </details>
  );
}
