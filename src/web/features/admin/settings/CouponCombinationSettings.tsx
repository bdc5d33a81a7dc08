// 'Cupones y descuentos de bancos' (issue 24): whether an order gets the better of a coupon and the
// brands' discounts, or both together (domain/coupons.ts, decision 0016).
import { useEffect, useState } from 'react';
import { COUPON_COMBINATION_LABELS, COUPON_COMBINATIONS, type CouponCombination } from '../../../../domain/coupons';
import { errorMessage } from '../lib/format';
import { Panel } from '../ui/PageHeader';
import { Flash, useFlash } from './flash';
import { SettingsQueryState } from './settings-form';
import { useOrderSettings, useSaveOrderSettings } from './order-settings-api';
import { Button } from '../../../components/ui/Button';

const TITLE = 'Cupones y descuentos de bancos';

export function CouponCombinationSettings() {
  const settings = useOrderSettings();
  const save = useSaveOrderSettings();
  const flash = useFlash();
  const [choice, setChoice] = useState<CouponCombination | null>(null);
  const [saving, setSaving] = useState(false);
  const saved = settings.data?.coupon_combination;

  useEffect(() => {
    if (saved) setChoice(saved);
  }, [saved]);

  if (!settings.data || !choice) return <SettingsQueryState query={settings} title={TITLE} what="la configuración de cupones" />;
  const { max_pending_orders } = settings.data;

  async function submit() {
    if (!choice) return;
    flash.clear();
    setSaving(true);
    try {
      await save({ max_pending_orders, coupon_combination: choice });
      flash.success('Configuración de cupones guardada');
    } catch (error) {
      flash.error(errorMessage(error, 'Error al guardar la configuración de cupones'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Panel title={TITLE} description="Cuando un producto ya tiene el descuento de su banco y el cliente usa un cupón.">
      <fieldset className="flex flex-col gap-2">
        <legend className="sr-only">Cómo se combinan</legend>
        {COUPON_COMBINATIONS.map((option) => (
          <label key={option} className="flex items-start gap-2 text-sm text-stone-800">
            <input
              type="radio"
              name="coupon-combination"
              value={option}
              checked={choice === option}
              onChange={() => setChoice(option)}
              className="mt-0.5 h-4 w-4 accent-brand-700"
            />
            {COUPON_COMBINATION_LABELS[option]}
          </label>
        ))}
      </fieldset>
      <Flash message={flash.message} />
      <div className="mt-3 flex justify-end">
        <Button onClick={() => void submit()} loading={saving} loadingText="Guardando..." disabled={choice === saved}>
          Guardar
        </Button>
      </div>
    </Panel>
  );
}
