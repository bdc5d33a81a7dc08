// 'Exportar': the orders of the current filters (or of a selection) as a CSV, one row per order or
// one row per product line.
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from '../../../lib/toast';
import { buttonClass, Spinner } from '../../../components/ui/Button';
import { errorMessage } from '../lib/format';
import { downloadOrdersCsv, type ExportRows } from './api';
import { ChevronDownIcon } from '../../../components/ui/icons';

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
  size = 'md',
}: {
  query: Record<string, string | number | undefined>;
  label?: string;
  variant?: 'secondary' | 'ghostMuted';
  align?: 'left' | 'right';
  /** Opens above the button (in the bar at the bottom of the screen). */
  up?: boolean;
  size?: 'sm' | 'md';
}) {
  const box = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const menuId = useId();

  // A click elsewhere or Escape closes the menu.
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  async function download(rows: ExportRows) {
    setOpen(false);
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
    <div ref={box} className="relative">
      <button
        type="button"
        className={buttonClass(variant, '', size)}
        aria-expanded={open}
        aria-controls={menuId}
        aria-busy={busy || undefined}
        disabled={busy}
        onClick={() => setOpen((v) => !v)}
      >
        {busy && <Spinner />}
        {label}
        <ChevronDownIcon size={14} />
      </button>
      {open && (
        <div
          id={menuId}
          className={`absolute z-30 w-60 rounded-lg border border-stone-200 bg-white p-1 shadow-lg ${align === 'right' ? 'right-0' : 'left-0'} ${
            up ? 'bottom-full mb-1' : 'mt-1'
          }`}
        >
          {OPTIONS.map((option) => (
            <button
              key={option.rows}
              type="button"
              onClick={() => void download(option.rows)}
              className="block w-full rounded-md px-3 py-2 text-left text-sm text-stone-800 hover:bg-stone-100"
            >
              {option.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
