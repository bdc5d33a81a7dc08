// The bar that appears while products are selected in the admin catalog: how many, select the
// loaded ones or none, and open the bulk edit.
import { Button } from '../../../components/ui/Button';

export function BulkSelectionBar({
  count,
  loaded,
  onSelectLoaded,
  onClear,
  onEdit,
}: {
  count: number;
  loaded: number;
  onSelectLoaded: () => void;
  onClear: () => void;
  onEdit: () => void;
}) {
  if (count === 0) return null;
  return (
    <div
      role="region"
      aria-label="Productos seleccionados"
      className="sticky bottom-3 z-20 mt-4 flex flex-wrap items-center gap-2 rounded-xl border border-brand-200 bg-white/95 px-3 py-2 shadow-lg backdrop-blur"
    >
      <p className="mr-auto text-sm font-semibold text-stone-900" aria-live="polite">
        {count} {count === 1 ? 'seleccionado' : 'seleccionados'}
      </p>
      {count < loaded && (
        <Button variant="ghost" size="sm" onClick={onSelectLoaded}>
          Seleccionar los {loaded} cargados
        </Button>
      )}
      <Button variant="ghostMuted" size="sm" onClick={onClear}>
        Quitar selección
      </Button>
      <Button size="sm" onClick={onEdit}>
        Editar en lote
      </Button>
    </div>
  );
}
