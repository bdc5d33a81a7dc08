// 'Recordatorio de carritos' (issue 38): after how many hours a signed-in customer's cart, left
// unchanged, gets its one reminder e-mail (only customers who accepted them); off by default.
import { useEffect, useState } from 'react';
import { ABANDONED_CART_HOURS_LIMIT, orderSettingsUpdateSchema } from '../../../../domain/order-settings';
import { errorMessage } from '../lib/format';
import { Panel } from '../ui/PageHeader';
import { Flash, useFlash } from './flash';
import { SettingsQueryState } from './settings-form';
import { useOrderSettings, useSaveOrderSettings } from './order-settings-api';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/fields';

const TITLE = 'Recordatorio de carritos';

export function CartReminderSettings() {
  const settings = useOrderSettings();
  const save = useSaveOrderSettings();
  const flash = useFlash();
  const [on, setOn] = useState(false);
  const [hours, setHours] = useState('24');
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  const saved = settings.data?.abandoned_cart_hours;

  useEffect(() => {
    if (saved === undefined) return;
    setOn(saved !== null);
    if (saved !== null) setHours(String(saved));
  }, [saved]);

  if (!settings.data) return <SettingsQueryState query={settings} title={TITLE} what="el recordatorio de carritos" />;
  const { max_pending_orders } = settings.data;

  async function submit() {
    flash.clear();
    const value = on ? (/^\d+$/.test(hours.trim()) ? Number(hours.trim()) : Number.NaN) : null;
    const parsed = orderSettingsUpdateSchema.safeParse({ max_pending_orders, abandoned_cart_hours: value });
    if (!parsed.success) {
      setError(parsed.error.issues[0].message);
      return;
    }
    setError('');
    setSaving(true);
    try {
      await save({ max_pending_orders, abandoned_cart_hours: value });
      flash.success(value === null ? 'Recordatorio de carritos desactivado' : 'Recordatorio de carritos guardado');
    } catch (e) {
      flash.error(errorMessage(e, 'Error al guardar el recordatorio de carritos'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Panel
      title={TITLE}
      description="Un email a quien dejó productos en el carrito, solo si aceptó recibir recordatorios. Uno por carrito."
    >
      <form
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        noValidate
      >
        <label className="flex items-center gap-2 text-sm font-medium text-stone-900">
          <input type="checkbox" checked={on} onChange={(e) => setOn(e.target.checked)} className="h-4 w-4 accent-brand-700" />
          Enviar recordatorios
        </label>
        {on && (
          <TextField
            label="Horas sin cambios"
            inputMode="numeric"
            value={hours}
            hint={`Entre 1 y ${ABANDONED_CART_HOURS_LIMIT}`}
            error={error || undefined}
            onChange={(e) => setHours(e.target.value)}
          />
        )}
        <Button type="submit" loading={saving} loadingText="Guardando...">
          Guardar
        </Button>
        <Flash message={flash.message} />
      </form>
    </Panel>
  );
}
