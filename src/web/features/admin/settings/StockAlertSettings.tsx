// 'Alerta de stock' (issue 14): the daily e-mail to the shop with the blisters that fell
// under the low-stock threshold or sold out; on/off and the hour (Argentina).
import { useState } from 'react';
import type { StockAlertSettingsUpdate } from '../../../../domain/stock-alerts';
import { formatDateTime, errorMessage } from '../lib/format';
import { Panel } from '../ui/PageHeader';
import { Flash, useFlash } from './flash';
import { useStockAlertSettings, useUpdateStockAlertSettings } from './stock-alert-api';
import { SelectField } from '../../../components/ui/fields';
import { Switch } from '../../../components/ui/checkboxes';
import { ErrorState, LoadingState } from '../../../components/ui/states';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

export function StockAlertSettings() {
  const settings = useStockAlertSettings();
  const update = useUpdateStockAlertSettings();
  const flash = useFlash();
  const [busy, setBusy] = useState(false);
  const title = 'Alerta de stock';

  if (settings.isPending)
    return (
      <Panel title={title}>
        <LoadingState label="Cargando la alerta de stock..." />
      </Panel>
    );
  if (settings.isError || !settings.data)
    return (
      <Panel title={title}>
        <ErrorState title="Error al cargar la alerta de stock" onRetry={() => void settings.refetch()} retrying={settings.isFetching} />
      </Panel>
    );
  const data = settings.data;

  async function save(body: StockAlertSettingsUpdate) {
    setBusy(true);
    flash.clear();
    try {
      flash.success(await update(body));
    } catch (error) {
      flash.error(errorMessage(error, 'Error al actualizar la alerta de stock'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Panel
      title={title}
      description={`Un e-mail diario con las presentaciones que bajaron de ${data.threshold} unidades o se agotaron desde la alerta anterior.`}
    >
      <div className="flex flex-col gap-4">
        <Switch
          checked={data.enabled}
          onChange={(enabled) => void save({ enabled })}
          label="Enviar la alerta diaria"
          description="Si nada cambió desde la última, no se envía."
          disabled={busy}
        />
        <SelectField
          label="Hora de envío (Argentina)"
          value={data.hour}
          onChange={(e) => void save({ hour: Number(e.target.value) })}
          disabled={busy || !data.enabled}
          className="sm:w-56"
        >
          {HOURS.map((hour) => (
            <option key={hour} value={hour}>
              {hourLabel(hour)}
            </option>
          ))}
        </SelectField>
        <dl className="grid gap-1 rounded-lg border border-stone-200 bg-stone-50 p-3 text-xs text-stone-600">
          <div>
            <dt className="inline">Destinatario: </dt>
            <dd className="inline font-medium text-stone-800">{data.recipient ?? 'ninguno (configura SHOP_EMAIL para recibirla)'}</dd>
          </div>
          <div>
            <dt className="inline">Última alerta: </dt>
            <dd className="inline font-medium text-stone-800">
              {data.last_alert_at
                ? `${formatDateTime(data.last_alert_at)} (${data.last_alert_count} ${data.last_alert_count === 1 ? 'presentación' : 'presentaciones'})`
                : 'todavía no se envió ninguna'}
            </dd>
          </div>
        </dl>
        <Flash message={flash.message} />
      </div>
    </Panel>
  );
}
