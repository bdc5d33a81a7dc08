// 'Pedidos sin pagar': how many orders awaiting payment one customer may hold (paid ones do not count).
import { MAX_PENDING_ORDERS_LIMIT, orderSettingsUpdateSchema } from '../../../../domain/order-settings';
import { IntegerSetting } from './IntegerSetting';
import { useOrderSettings, useSaveOrderSettings } from './order-settings-api';

export function PendingCapSettings() {
  const settings = useOrderSettings();
  const save = useSaveOrderSettings();
  return (
    <IntegerSetting
      title="Pedidos sin pagar"
      description="Cuántos pedidos esperando el pago puede tener un cliente a la vez. Los pagados y enviados no cuentan."
      label="Máximo por cliente"
      max={MAX_PENDING_ORDERS_LIMIT}
      texts={{
        loading: 'Cargando el máximo...',
        loadError: 'Error al cargar el máximo de pedidos sin pagar',
        saveError: 'Error al guardar el máximo de pedidos sin pagar',
      }}
      query={{ ...settings, data: settings.data?.max_pending_orders }}
      check={(value) => {
        const parsed = orderSettingsUpdateSchema.safeParse({ max_pending_orders: value });
        return parsed.success ? null : parsed.error.issues[0].message;
      }}
      save={(max_pending_orders) => save({ max_pending_orders })}
    />
  );
}
