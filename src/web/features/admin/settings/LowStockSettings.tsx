// 'Stock bajo': the threshold under which the dashboard lists a blister (default 5).
import { MAX_LOW_STOCK_THRESHOLD, inventorySettingsUpdateSchema } from '../../../../domain/inventory';
import { IntegerSetting } from './IntegerSetting';
import { useInventorySettings, useSaveInventorySettings } from '../lib/inventory-api';

export function LowStockSettings() {
  const settings = useInventorySettings();
  const save = useSaveInventorySettings();
  return (
    <IntegerSetting
      title="Stock bajo"
      description="En Inicio se listan las presentaciones a la venta con menos unidades que este número."
      label="Umbral de stock bajo (unidades)"
      max={MAX_LOW_STOCK_THRESHOLD}
      texts={{
        loading: 'Cargando el umbral...',
        loadError: 'Error al cargar el umbral de stock bajo',
        saveError: 'Error al guardar el umbral de stock bajo',
      }}
      query={{ ...settings, data: settings.data?.low_stock_threshold }}
      check={(value) => {
        const parsed = inventorySettingsUpdateSchema.safeParse({ low_stock_threshold: value });
        return parsed.success ? null : parsed.error.issues[0].message;
      }}
      save={(low_stock_threshold) => save({ low_stock_threshold })}
    />
  );
}
