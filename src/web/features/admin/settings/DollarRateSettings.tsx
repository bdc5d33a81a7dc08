// 'Cotización del dólar' (spec accounts-admin §2 site settings, §4 dollar rate, §5): blue,
// oficial or a manual value; hourly auto-update and an immediate refresh for the fetched types.
import { useEffect, useState, type FormEvent } from 'react';
import { RATE_CHANGE_UNCONFIRMED } from '../../../../domain/price-guards';
import { MANUAL_VALUE_MESSAGE, RATE_TYPE_LABELS, RATE_TYPES, type RateType } from '../../../../domain/site';
import { AMOUNT_REQUIRED_MESSAGE, parseArsAmount } from '../../../../domain/money';
import { ApiError } from '../../../lib/api';
import { amountInputText, formatArs } from '../lib/format';
import { Panel } from '../ui/PageHeader';
import { type DollarRateBody, useDollarRateSettings, useUpdateDollarRate } from './api';
import { Flash, useFlash } from './flash';
import { Badge } from '../../../components/ui/Badge';
import { ConfirmModal } from '../../../components/ui/ConfirmModal';
import { Button } from '../../../components/ui/Button';
import { Switch } from '../../../components/ui/checkboxes';
import { TextField } from '../../../components/ui/fields';
import { RefreshIcon } from '../../../components/ui/admin-icons';
import { ErrorState, LoadingState } from '../../../components/ui/states';

// spec §8: the manual value and refresh messages stay 5 s; the others 3 s.
const LONG_FLASH_MS = 5000;

/** The typed manual value ('1.450,50') as a number above zero, or the reason it is not one. */
export function parseManualValue(text: string): { value: number } | { error: string } {
  const parsed = parseArsAmount(text);
  if (!parsed.ok) return { error: parsed.error === AMOUNT_REQUIRED_MESSAGE ? MANUAL_VALUE_MESSAGE : parsed.error };
  return parsed.value > 0 ? { value: parsed.value } : { error: MANUAL_VALUE_MESSAGE };
}

export function DollarRateSettings() {
  const rate = useDollarRateSettings();
  const update = useUpdateDollarRate();
  const flash = useFlash();
  const [method, setMethod] = useState<RateType | null>(null);
  const [manual, setManual] = useState('');
  const [manualError, setManualError] = useState('');
  const [busy, setBusy] = useState<'settings' | 'refresh' | 'manual' | null>(null);
  // A manual value more than 20% away from the current one: the server asks "¿Seguro?" first.
  const [rateCheck, setRateCheck] = useState<{ current: number; next: number } | null>(null);

  const data = rate.data;
  const savedType = data?.rate_type;
  useEffect(() => {
    if (savedType) setMethod(savedType);
  }, [savedType]);

  if (rate.isPending)
    return (
      <Panel title="Cotización del dólar">
        <LoadingState label="Cargando la cotización..." />
      </Panel>
    );
  if (rate.isError || !data) {
    return (
      <Panel title="Cotización del dólar">
        <ErrorState title="Error al cargar la cotización del dólar" onRetry={() => void rate.refetch()} retrying={rate.isFetching} />
      </Panel>
    );
  }
  const shown = method ?? data.rate_type;
  const fetched = shown !== 'manual';

  async function send(kind: NonNullable<typeof busy>, body: DollarRateBody, fallback: string, flashMs = 3000) {
    setBusy(kind);
    flash.clear();
    try {
      const result = await update(body, fallback);
      if (result.warning) flash.error(result.warning);
      else flash.success(result.message, flashMs);
      return true;
    } catch (e) {
      if (e instanceof ApiError && e.code === RATE_CHANGE_UNCONFIRMED && 'manual_value' in body) {
        setRateCheck({ current: Number(e.body?.current_value), next: body.manual_value });
        return false;
      }
      // A failed fetch keeps the last value; the server says so in its message.
      flash.error(e instanceof ApiError && e.status !== 0 && e.message ? e.message : fallback);
      void rate.refetch();
      return false;
    } finally {
      setBusy(null);
    }
  }

  function chooseMethod(next: RateType) {
    setMethod(next);
    setManualError('');
    // Manual waits for a value; blue and oficial apply at once (and fetch their value).
    if (next !== 'manual' && (next !== data!.rate_type || data!.is_manual)) {
      void send('settings', { rate_type: next, auto_update: data!.auto_update }, 'Error al actualizar la configuración');
    }
  }

  async function applyManual(event: FormEvent) {
    event.preventDefault();
    const parsed = parseManualValue(manual);
    if ('error' in parsed) return setManualError(parsed.error);
    setManualError('');
    if (await send('manual', { manual_value: parsed.value, is_manual: true }, 'Error al configurar el valor manual', LONG_FLASH_MS))
      setManual('');
  }

  async function confirmManual() {
    if (!rateCheck) return;
    const body = { manual_value: rateCheck.next, is_manual: true as const, confirm_rate_change: true };
    const done = await send('manual', body, 'Error al configurar el valor manual', LONG_FLASH_MS);
    setRateCheck(null);
    if (done) setManual('');
  }

  return (
    <Panel title="Cotización del dólar" description="Convierte a pesos los precios cargados en dólares.">
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-end justify-between gap-3 rounded-lg border border-stone-200 bg-stone-50 p-3">
          <div>
            <p className="text-xs font-medium uppercase tracking-wide text-stone-500">Valor actual</p>
            <p className="text-2xl font-bold tabular-nums text-stone-900">{formatArs(data.value)}</p>
            <p className="text-xs text-stone-600">
              Última actualización: <span className="font-medium text-stone-800">{data.last_update_display}</span>
            </p>
          </div>
          <div className="flex flex-wrap gap-1.5">
            <Badge tone="brand">{RATE_TYPE_LABELS[data.rate_type]}</Badge>
            {data.is_manual ? (
              <Badge tone="info">Valor configurado manualmente</Badge>
            ) : data.auto_update ? (
              <Badge tone="success">Actualización automática activada</Badge>
            ) : (
              <Badge tone="neutral">Actualización automática desactivada</Badge>
            )}
          </div>
        </div>

        <fieldset>
          <legend className="mb-2 text-xs font-semibold text-stone-700">Método</legend>
          <div className="grid gap-2 sm:grid-cols-3">
            {RATE_TYPES.map((type) => (
              <label
                key={type}
                className={`flex cursor-pointer items-center gap-2.5 rounded-lg border px-3 py-2.5 text-sm font-medium transition has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600/40 ${
                  shown === type
                    ? 'border-brand-600 bg-brand-50 text-brand-900'
                    : 'border-stone-200 bg-white text-stone-800 hover:border-stone-300'
                }`}
              >
                <input
                  type="radio"
                  name="rate-type"
                  checked={shown === type}
                  onChange={() => chooseMethod(type)}
                  disabled={busy !== null}
                  className="h-4 w-4 accent-brand-700"
                />
                {RATE_TYPE_LABELS[type]}
              </label>
            ))}
          </div>
        </fieldset>

        {fetched ? (
          <div className="flex flex-col items-start gap-3">
            <Switch
              checked={data.auto_update}
              onChange={(checked) =>
                void send('settings', { rate_type: shown, auto_update: checked }, 'Error al actualizar la configuración')
              }
              label="Actualización automática (cada 1 hora)"
              description="Consulta la cotización a un servicio externo."
              disabled={busy !== null || data.is_manual}
            />
            <Button
              variant="secondary"
              onClick={() =>
                void send('refresh', { force_update: true, rate_type: shown }, 'Error al actualizar la cotización', LONG_FLASH_MS)
              }
              loading={busy === 'refresh'}
              loadingText="Actualizando..."
              disabled={busy !== null}
            >
              <RefreshIcon size={16} />
              Actualizar cotización ahora
            </Button>
          </div>
        ) : (
          <form onSubmit={applyManual} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-start">
            <TextField
              label="Valor manual (ARS por USD)"
              inputMode="decimal"
              hint="Por ejemplo 1.450,50"
              value={manual}
              onChange={(e) => {
                setManual(e.target.value);
                setManualError('');
              }}
              error={manualError}
              placeholder={amountInputText(data.value)}
              className="sm:w-64"
            />
            <Button
              type="submit"
              className="sm:mt-5"
              disabled={manual.trim() === '' || busy !== null}
              loading={busy === 'manual'}
              loadingText="Aplicando..."
            >
              Aplicar
            </Button>
          </form>
        )}

        {data.last_error && !data.is_manual && <p className="text-xs text-amber-800">Último intento fallido: {data.last_error}</p>}
        <Flash message={flash.message} />
      </div>
      <ConfirmModal
        open={rateCheck !== null}
        title="¿Seguro?"
        tone="primary"
        confirmLabel="Sí, aplicar el nuevo valor"
        busy={busy === 'manual'}
        busyLabel="Aplicando..."
        onConfirm={() => void confirmManual()}
        onClose={() => setRateCheck(null)}
      >
        {rateCheck && (
          <p>
            La cotización pasa de <strong className="tabular-nums">{formatArs(rateCheck.current)}</strong> a{' '}
            <strong className="tabular-nums">{formatArs(rateCheck.next)}</strong> por dólar: todos los precios en USD cambian en la misma
            proporción.
          </p>
        )}
      </ConfirmModal>
    </Panel>
  );
}
