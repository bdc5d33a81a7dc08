// 'Stock bajo': the threshold under which the dashboard lists a presentation (default 5).
import { useEffect, useState, type FormEvent } from 'react';
import { inventorySettingsUpdateSchema } from '../../../../domain/inventory';
import { errorMessage } from '../lib/format';
import { Button } from '../ui/Button';
import { TextInput } from '../ui/fields';
import { Panel } from '../ui/PageHeader';
import { ErrorState, LoadingState } from '../ui/states';
import { Flash, useFlash } from './flash';
import { useInventorySettings, useSaveInventorySettings } from './inventory-api';

export function LowStockSettings() {
  const settings = useInventorySettings();
  const save = useSaveInventorySettings();
  const flash = useFlash();
  const [value, setValue] = useState('');
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);

  const saved = settings.data?.low_stock_threshold;
  useEffect(() => {
    if (saved !== undefined) setValue(String(saved));
  }, [saved]);

  if (settings.isPending)
    return (
      <Panel title="Stock bajo">
        <LoadingState label="Cargando el umbral..." />
      </Panel>
    );
  if (settings.isError)
    return (
      <Panel title="Stock bajo">
        <ErrorState
          title="Error al cargar el umbral de stock bajo"
          onRetry={() => void settings.refetch()}
          retrying={settings.isFetching}
        />
      </Panel>
    );

  async function submit(event: FormEvent) {
    event.preventDefault();
    flash.clear();
    const parsed = inventorySettingsUpdateSchema.safeParse({ low_stock_threshold: value.trim() === '' ? undefined : Number(value) });
    if (!parsed.success) return setError(parsed.error.issues[0].message);
    setError('');
    setSaving(true);
    try {
      flash.success(await save(parsed.data));
    } catch (e) {
      flash.error(errorMessage(e, 'Error al guardar el umbral de stock bajo'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Panel title="Stock bajo" description="En Inicio se listan las presentaciones a la venta con menos unidades que este número.">
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
          <TextInput
            label="Umbral de stock bajo (unidades)"
            type="number"
            inputMode="numeric"
            min="1"
            max="1000"
            step="1"
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setError('');
            }}
            error={error}
            className="sm:w-64"
          />
          <Button
            type="submit"
            className="sm:mt-5"
            disabled={saving || value.trim() === String(saved)}
            loading={saving}
            loadingText="Guardando..."
          >
            Guardar
          </Button>
        </div>
        <Flash message={flash.message} />
      </form>
    </Panel>
  );
}
