// 'Importar catálogo': upload a CSV, see what it would change (new, updated, unchanged rows and
// the reason of each bad cell), then apply it; nothing is applied while the file has errors.
import { useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, type ImportResultDto } from '../../../../domain/catalog-sheet';
import { Alert } from '../../../components/ui/Alert';
import { errorMessage } from '../lib/format';
import { PageHeader, Panel } from '../ui/PageHeader';
import { ExportCatalogButton } from './ExportCatalogButton';
import { useImportCatalog } from './sheet-api';
import { Button } from '../../../components/ui/Button';
import { Checkbox } from '../../../components/ui/checkboxes';
import { ArrowLeftIcon } from '../../../components/ui/account-icons';
import { UploadIcon } from '../../../components/ui/admin-icons';

const MAX_MB = IMPORT_MAX_BYTES / 1024 / 1024;

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('es-AR')} ${n === 1 ? one : many}`;

function Stat({ label, value, tone }: { label: string; value: number; tone: string }) {
  return (
    <div className={`rounded-lg border px-3 py-2 ${tone}`}>
      <p className="text-xs font-medium">{label}</p>
      <p className="text-xl font-bold tabular-nums">{value.toLocaleString('es-AR')}</p>
    </div>
  );
}

/** A table that scrolls inside its box on narrow screens. */
function ScrollTable({ caption, head, children }: { caption: string; head: string[]; children: ReactNode }) {
  return (
    <div className="max-h-[28rem] overflow-auto rounded-lg border border-stone-200">
      <table className="w-full min-w-[32rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-stone-100 text-xs uppercase tracking-wide text-stone-600">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className="px-3 py-2 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">{children}</tbody>
      </table>
    </div>
  );
}

type ImportChange = ImportResultDto['changes'][number];

/** The row's flags: a price that moves a lot, a cost above the price, and a stock that changed in the shop since the export. */
function RowFlags({ change, taken, onTake }: { change: ImportChange; taken: boolean; onTake(taken: boolean): void }) {
  const percent = change.price_change_percent;
  const stock = change.stock_conflict;
  if (percent === null && !stock && !change.cost_above_price) return null;
  return (
    <div className="mt-1 space-y-1">
      {percent !== null && (
        <p className="rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-950">
          ⚠ El precio cambia {percent > 0 ? '+' : ''}
          {percent.toLocaleString('es-AR')}%: revisa que no falte ni sobre un cero
        </p>
      )}
      {change.cost_above_price && (
        <p className="rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-950">
          ⚠ El costo queda mayor que el precio de venta
        </p>
      )}
      {stock && (
        <div className="rounded bg-sky-50 px-2 py-1 text-xs text-sky-950">
          <p>
            El stock cambió en la tienda desde la exportación: hoy hay <strong>{stock.shop}</strong>, la planilla dice{' '}
            <strong>{stock.sheet}</strong>. Se mantiene el de la tienda.
          </p>
          <label className="mt-1 flex cursor-pointer items-center gap-1.5 font-medium">
            <input type="checkbox" checked={taken} onChange={(e) => onTake(e.target.checked)} className="h-4 w-4 accent-brand-700" />
            Usar el de la planilla ({stock.sheet})
          </label>
        </div>
      )}
    </div>
  );
}

function Preview({
  result,
  takeStock,
  onTakeStock,
}: {
  result: ImportResultDto;
  takeStock: Set<number>;
  onTakeStock(row: number, taken: boolean): void;
}) {
  const hasErrors = result.error_count > 0;
  return (
    <div className="space-y-4">
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Stat label="Nuevas" value={result.created} tone="border-sky-200 bg-sky-50 text-sky-900" />
        <Stat label="Actualizadas" value={result.updated} tone="border-amber-200 bg-amber-50 text-amber-950" />
        <Stat label="Sin cambios" value={result.unchanged} tone="border-stone-200 bg-stone-50 text-stone-800" />
        <Stat
          label="Errores"
          value={result.error_count}
          tone={hasErrors ? 'border-red-200 bg-red-50 text-red-900' : 'border-stone-200 bg-stone-50 text-stone-800'}
        />
      </div>
      <p className="text-sm text-stone-600">
        {plural(result.rows, 'fila leída', 'filas leídas')} · {plural(result.products_created, 'producto nuevo', 'productos nuevos')} ·{' '}
        {plural(result.products_updated, 'producto con cambios', 'productos con cambios')}
      </p>

      {hasErrors && (
        <>
          <Alert tone="error" title={`El archivo tiene ${result.error_count} ${result.error_count === 1 ? 'error' : 'errores'}`}>
            Corrígelos en la planilla y vuelve a subirla. No se aplica ningún cambio mientras haya errores.
            {result.error_count > result.errors.length && ` Se muestran los primeros ${result.errors.length}.`}
          </Alert>
          <ScrollTable caption="Errores por fila y columna" head={['Fila', 'Columna', 'Motivo']}>
            {result.errors.map((e, i) => (
              <tr key={`${e.row}-${e.column}-${i}`}>
                <td className="px-3 py-2 tabular-nums text-stone-700">{e.row}</td>
                <td className="px-3 py-2 font-medium text-stone-900">{e.column || '—'}</td>
                <td className="px-3 py-2 text-red-800">{e.message}</td>
              </tr>
            ))}
          </ScrollTable>
        </>
      )}

      {result.changes.length > 0 && (
        <>
          <h3 className="text-sm font-semibold text-stone-900">
            Cambios {result.applied ? 'aplicados' : 'a aplicar'}
            {result.created + result.updated > result.changes.length && ` (primeros ${result.changes.length})`}
          </h3>
          <ScrollTable caption="Filas que cambian" head={['Fila', 'Producto', 'Semillas', 'Cambios']}>
            {result.changes.map((c) => (
              <tr key={c.row}>
                <td className="px-3 py-2 align-top tabular-nums text-stone-700">{c.row}</td>
                <td className="px-3 py-2 align-top">
                  <span className="font-medium text-stone-900">{c.name}</span>
                  {c.sku && <span className="block text-xs text-stone-500">SKU {c.sku}</span>}
                </td>
                <td className="px-3 py-2 align-top tabular-nums">{c.seed_count ?? '—'}</td>
                <td className="px-3 py-2 align-top">
                  {c.fields.length === 0 && c.stock_conflict ? null : c.kind === 'created' && c.fields.length === 0 ? (
                    <span className="font-medium text-sky-800">Nueva</span>
                  ) : (
                    <ul className="space-y-0.5">
                      {c.kind === 'created' && <li className="font-medium text-sky-800">Presentación nueva</li>}
                      {c.fields.map((f) => (
                        <li key={f.column} className="break-words">
                          <span className="font-medium">{f.column}:</span>{' '}
                          <span className="text-stone-500 line-through">{f.before || '(vacío)'}</span> → {f.after || '(vacío)'}
                        </li>
                      ))}
                    </ul>
                  )}
                  {!result.applied && <RowFlags change={c} taken={takeStock.has(c.row)} onTake={(taken) => onTakeStock(c.row, taken)} />}
                </td>
              </tr>
            ))}
          </ScrollTable>
        </>
      )}
      {!hasErrors && result.created + result.updated === 0 && (
        <Alert tone="info">El archivo coincide con el catálogo: no hay nada que cambiar.</Alert>
      )}
    </div>
  );
}

export default function ImportPage() {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<ImportResultDto | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [takeStock, setTakeStock] = useState<Set<number>>(new Set());
  const [pricesConfirmed, setPricesConfirmed] = useState(false);
  const preview = useImportCatalog();
  const apply = useImportCatalog();

  function choose(next: File | undefined) {
    setResult(null);
    setFileError(null);
    setTakeStock(new Set());
    setPricesConfirmed(false);
    apply.reset();
    if (!next) return setFile(null);
    setFile(next);
    if (next.size > IMPORT_MAX_BYTES) {
      setFileError(`El archivo no debe superar los ${MAX_MB} MB`);
      return;
    }
    preview.mutate(
      { file: next, dryRun: true },
      { onSuccess: setResult, onError: (error) => setFileError(errorMessage(error, 'Error al leer el archivo')) },
    );
  }

  function applyFile() {
    if (!file) return;
    apply.mutate(
      { file, dryRun: false, confirmPrices: pricesConfirmed, takeStockRows: [...takeStock] },
      {
        onSuccess: (applied) => {
          setResult(applied);
          if (applied.applied) {
            toast.success(
              `Catálogo actualizado: ${plural(applied.created, 'fila nueva', 'filas nuevas')} y ${plural(applied.updated, 'actualizada', 'actualizadas')}`,
            );
          } else {
            toast.error('El catálogo cambió y el archivo ya no se puede aplicar tal cual: revisa los errores');
          }
        },
        onError: (error) => toast.error(`Error al importar: ${errorMessage(error)}`),
      },
    );
  }

  const toConfirm = result && !result.applied ? result.price_changes_to_confirm : 0;
  const canApply =
    !!result &&
    !result.applied &&
    result.error_count === 0 &&
    result.created + result.updated + takeStock.size > 0 &&
    (toConfirm === 0 || pricesConfirmed);
  const onTakeStock = (row: number, taken: boolean) =>
    setTakeStock((current) => {
      const next = new Set(current);
      if (taken) next.add(row);
      else next.delete(row);
      return next;
    });
  const back = (
    <Link
      to="/admin/productos"
      className="mb-2 inline-flex items-center gap-1.5 text-sm font-medium text-brand-800 hover:text-brand-950 hover:underline"
    >
      <ArrowLeftIcon size={16} />
      Volver al catálogo
    </Link>
  );

  return (
    <>
      <PageHeader title="Importar catálogo" subtitle="Actualiza precios, stock y productos desde una planilla." back={back} />
      <div className="space-y-4">
        <Panel title="1. Prepara la planilla">
          <ul className="list-disc space-y-1 pl-5 text-sm text-stone-700">
            <li>Descarga el catálogo actual, edítalo en Excel o Google Sheets y guárdalo como CSV (UTF-8).</li>
            <li>
              Cada fila es una presentación. El <strong>SKU</strong> identifica el producto y <strong>Semillas</strong> la presentación; una
              fila con un SKU nuevo crea el producto.
            </li>
            <li>El stock es el disponible para la venta, como en el formulario del producto. Los bancos deben existir.</li>
            <li>
              Escribe los montos como en el formulario: <strong>22.000</strong> o <strong>1.450,50</strong> (punto para los miles, coma para
              los decimales).
            </li>
            <li>
              La columna <strong>Exportado</strong> dice cuándo se descargó el archivo: si el stock de una fila cambió en la tienda desde
              entonces (por un pedido), se mantiene el de la tienda salvo que lo marques.
            </li>
            <li>
              Hasta {MAX_MB} MB y {IMPORT_MAX_ROWS.toLocaleString('es-AR')} filas. Las columnas que quites no se modifican.
            </li>
          </ul>
          <div className="mt-3">
            <ExportCatalogButton label="Descargar catálogo actual" />
          </div>
        </Panel>

        <Panel title="2. Sube el archivo">
          <label
            htmlFor={inputId}
            className="flex cursor-pointer flex-col items-center gap-2 rounded-lg border-2 border-dashed border-stone-300 bg-stone-50 px-4 py-6 text-center text-sm text-stone-700 hover:border-brand-600 hover:bg-brand-50"
          >
            <UploadIcon size={24} className="text-stone-500" />
            <span className="font-semibold text-stone-900">{file ? file.name : 'Elige un archivo CSV'}</span>
            <span className="text-xs text-stone-500">
              {file
                ? `${(file.size / 1024).toLocaleString('es-AR', { maximumFractionDigits: 1 })} KB · elige otro para reemplazarlo`
                : 'Separado por ; o ,'}
            </span>
          </label>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept=".csv,text/csv,text/plain"
            className="sr-only"
            onChange={(e) => {
              choose(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          {preview.isPending && (
            <p className="mt-3 text-sm text-stone-600" role="status">
              Revisando el archivo...
            </p>
          )}
          {fileError && (
            <Alert tone="error" className="mt-3">
              {fileError}
            </Alert>
          )}
        </Panel>

        {result && (
          <Panel
            title={result.applied ? '3. Resultado' : '3. Vista previa'}
            description={result.applied ? 'Los cambios se guardaron.' : 'Nada se guarda hasta que apliques los cambios.'}
          >
            {result.applied && (
              <Alert tone="success" className="mb-4" title="Importación aplicada">
                {plural(result.created, 'fila nueva', 'filas nuevas')} y {plural(result.updated, 'actualizada', 'actualizadas')}. El
                registro de actividad guarda el cambio.
              </Alert>
            )}
            <Preview result={result} takeStock={takeStock} onTakeStock={onTakeStock} />
            {!result.applied && result.stock_conflicts > 0 && (
              <Alert tone="info" className="mt-4">
                {plural(result.stock_conflicts, 'fila tiene', 'filas tienen')} un stock que cambió en la tienda desde que se exportó el
                archivo (por ejemplo, por un pedido): {result.stock_conflicts === 1 ? 'fila' : 'filas'}{' '}
                {result.changes
                  .filter((c) => c.stock_conflict)
                  .map((c) => c.row)
                  .join(', ')}
                . Se mantiene el stock de la tienda salvo en las filas que marques.
              </Alert>
            )}
            {toConfirm > 0 && result.error_count === 0 && (
              <Alert tone="warning" className="mt-4" title={`${plural(toConfirm, 'precio cambia', 'precios cambian')} mucho`}>
                <p>Bajan 50% o más, o suben más de 200%. Revisa las filas marcadas antes de aplicar.</p>
                <div className="mt-2">
                  <Checkbox checked={pricesConfirmed} onChange={setPricesConfirmed}>
                    Confirmo {toConfirm === 1 ? 'el cambio de precio marcado' : `los ${toConfirm} cambios de precio marcados`}
                  </Checkbox>
                </div>
              </Alert>
            )}
            {!result.applied && (
              <div className="mt-4 flex flex-col-reverse gap-2 border-t border-stone-200 pt-4 sm:flex-row sm:justify-end">
                <Button variant="secondary" onClick={() => inputRef.current?.click()} disabled={apply.isPending}>
                  Elegir otro archivo
                </Button>
                <Button onClick={applyFile} disabled={!canApply} loading={apply.isPending} loadingText="Aplicando...">
                  Aplicar cambios
                </Button>
              </div>
            )}
          </Panel>
        )}
      </div>
    </>
  );
}
