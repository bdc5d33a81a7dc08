// The provinces of a shipping zone: the chosen ones as chips, the 24 as checkboxes to open.
import { useId, useState } from 'react';
import { PROVINCE_OPTIONS, PROVINCES, type Province } from '../../../../domain/shipping';

export function ProvincePicker({
  value,
  onChange,
  takenBy,
  error,
  name,
}: {
  value: Province[];
  onChange: (next: Province[]) => void;
  /** Provinces already in another zone of the method, with that zone's number. */
  takenBy: Map<Province, number>;
  error?: string;
  /** The form path, so the page can move to a field the server named. */
  name: string;
}) {
  const id = useId();
  // A new zone opens its list; a saved one shows only its chips until asked.
  const [open, setOpen] = useState(value.length === 0);
  const chosen = new Set(value);
  const toggle = (code: Province, on: boolean) =>
    onChange(on ? PROVINCE_OPTIONS.map((o) => o.code).filter((c) => c === code || chosen.has(c)) : value.filter((c) => c !== code));

  return (
    <fieldset className="min-w-0" aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1 text-xs font-semibold text-stone-700">Provincias</legend>
      {value.length > 0 ? (
        <ul className="mb-1.5 flex flex-wrap gap-1" aria-label="Provincias de la zona">
          {value.map((code) => (
            <li key={code} className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-900 ring-1 ring-brand-200">
              {PROVINCES[code]}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mb-1.5 text-xs text-stone-500">Ninguna provincia elegida.</p>
      )}
      <details open={open} onToggle={(e) => setOpen(e.currentTarget.open)} className="rounded-lg border border-stone-200 bg-white">
        <summary className="cursor-pointer select-none px-3 py-1.5 text-xs font-semibold text-stone-700">
          {open ? 'Ocultar provincias' : `Elegir provincias (${value.length} de 24)`}
        </summary>
        <div className="grid grid-cols-1 gap-x-3 gap-y-0.5 border-t border-stone-200 px-3 py-2 min-[360px]:grid-cols-2 md:grid-cols-3 xl:grid-cols-4">
          {PROVINCE_OPTIONS.map(({ code, name: province }, i) => {
            const zone = takenBy.get(code);
            return (
              <label key={code} className="flex min-h-8 cursor-pointer items-center gap-2 text-sm text-stone-800">
                <input
                  type="checkbox"
                  name={i === 0 ? name : undefined}
                  checked={chosen.has(code)}
                  onChange={(e) => toggle(code, e.target.checked)}
                  className="h-4 w-4 shrink-0 accent-brand-700"
                />
                <span className="min-w-0 leading-tight">
                  {province}
                  {zone !== undefined && <span className="text-xs text-stone-500"> (zona {zone})</span>}
                </span>
              </label>
            );
          })}
        </div>
      </details>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
