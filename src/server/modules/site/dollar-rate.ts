// The dollar rate in force (table dollar_rate, row 1). Default 1000 when nothing was set.
// Blue and oficial values come from DOLLAR_RATE_URL (an array of {casa, compra, venta,
// fechaActualizacion}, the public provider's format); a failed fetch keeps the last value.
import { and, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Logger } from '../../logger';
import { formatDateTime } from '../../../domain/dates';
import { DEFAULT_DOLLAR_RATE, formatArs } from '../../../domain/money';
import { isSuspiciousRateChange, RATE_CHANGE_UNCONFIRMED, rateChangeMessage } from '../../../domain/price-guards';
import {
  DOLLAR_AUTO_UPDATE_MS,
  type DollarRateDto,
  type DollarRateUpdate,
  type FetchedRateType,
  NEVER_UPDATED,
  RATE_TYPE_LABELS,
  type RateType,
} from '../../../domain/site';
import type { AppContext } from '../../context';
import { preparedPerDb, type DbOrTx } from '../../db/client';
import { dollarRate, dollarRateHistory } from '../../db/schema';
import { AppError, badRequest, conflict } from '../../errors';
import { type Actor, logActivity } from '../../shared/activity-log';

// Read by every catalog page and every order (see preparedPerDb).
const rateValueQuery = preparedPerDb((db) =>
  db.select({ value: dollarRate.value }).from(dollarRate).where(eq(dollarRate.id, 1)).prepare('dollar_rate_value'),
);

export async function getDollarRateValue(db: DbOrTx): Promise<number> {
  const [row] = await rateValueQuery(db).execute();
  return row && row.value > 0 ? row.value : DEFAULT_DOLLAR_RATE;
}

export const FETCH_TIMEOUT_MS = 5000;
// After a failed automatic fetch, the next try waits this long (and several processes never
// fetch within the same window; see refreshDollarRateIfDue).
const AUTO_RETRY_MS = 5 * 60 * 1000;
const MAX_PROVIDER_BYTES = 256 * 1024;

type RateRow = typeof dollarRate.$inferSelect;
type HistorySource = (typeof dollarRateHistory.$inferInsert)['source'];

export class RateFetchError extends Error {}

/** The selling price (`venta`) of one rate type from the provider. */
export async function fetchProviderRate(url: string, type: FetchedRateType, timeoutMs = FETCH_TIMEOUT_MS): Promise<number> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
  } catch (error) {
    const timedOut = error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw new RateFetchError(
      timedOut ? 'Tiempo de espera agotado al consultar la cotización' : 'No se pudo conectar con el servicio de cotización',
    );
  }
  let text: string;
  try {
    if (!response.ok) throw new RateFetchError(`El servicio de cotización respondió ${response.status}`);
    text = await response.text();
  } catch (error) {
    if (error instanceof RateFetchError) throw error;
    throw new RateFetchError('Tiempo de espera agotado al consultar la cotización');
  }
  if (text.length > MAX_PROVIDER_BYTES) throw new RateFetchError('Respuesta inválida del servicio de cotización');
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new RateFetchError('Respuesta inválida del servicio de cotización');
  }
  if (!Array.isArray(data)) throw new RateFetchError('Respuesta inválida del servicio de cotización');
  const entry: unknown = (data as unknown[]).find(
    (item) => typeof item === 'object' && item !== null && String((item as { casa?: unknown }).casa).toLowerCase() === type,
  );
  const venta = Number((entry as { venta?: unknown } | undefined)?.venta);
  if (!entry || !Number.isFinite(venta) || venta <= 0) throw new RateFetchError(`El servicio no informó la cotización ${type}`);
  return Math.round(venta * 100) / 100;
}

async function ensureRow(db: DbOrTx) {
  await db.insert(dollarRate).values({ id: 1 }).onConflictDoNothing();
}

async function readRow(db: DbOrTx): Promise<RateRow> {
  const [row] = await db.select().from(dollarRate).where(eq(dollarRate.id, 1));
  return (
    row ?? {
      id: 1,
      rate_type: 'blue',
      value: DEFAULT_DOLLAR_RATE,
      auto_update: false,
      is_manual: false,
      last_update: null,
      last_error: null,
      updated_at: new Date(0),
    }
  );
}

function toDto(row: RateRow, includeError: boolean): DollarRateDto {
  return {
    rate_type: row.rate_type,
    value: row.value > 0 ? row.value : DEFAULT_DOLLAR_RATE,
    last_update: row.last_update ? row.last_update.toISOString() : null,
    last_update_display: row.last_update ? formatDateTime(row.last_update) : NEVER_UPDATED,
    auto_update: row.auto_update,
    is_manual: row.is_manual,
    ...(includeError ? { last_error: row.last_error } : {}),
  };
}

export async function getDollarRate(ctx: AppContext, opts: { includeError: boolean }): Promise<DollarRateDto> {
  return toDto(await readRow(ctx.db), opts.includeError);
}

interface RateChange {
  rate_type?: RateType;
  value?: number;
  auto_update?: boolean;
  is_manual?: boolean;
  /** True when a value was obtained now (fetched or typed): moves last_update, clears last_error. */
  refreshed?: boolean;
  error?: string | null;
}

/**
 * Writes a change to row 1 under a row lock; a new value or type goes to dollar_rate_history with
 * who and why, and to the activity log.
 */
async function applyChange(
  ctx: AppContext,
  change: RateChange,
  source: HistorySource,
  actor: Actor | null,
  stillWanted: (row: RateRow) => boolean = () => true,
): Promise<RateRow> {
  let rateChanged = false;
  const row = await ctx.db.transaction(async (tx) => {
    await ensureRow(tx);
    const [before] = await tx.select().from(dollarRate).where(eq(dollarRate.id, 1)).for('update');
    if (!stillWanted(before)) return before;
    const now = ctx.now();
    const [after] = await tx
      .update(dollarRate)
      .set({
        ...(change.rate_type !== undefined ? { rate_type: change.rate_type } : {}),
        ...(change.value !== undefined ? { value: change.value } : {}),
        ...(change.auto_update !== undefined ? { auto_update: change.auto_update } : {}),
        ...(change.is_manual !== undefined ? { is_manual: change.is_manual } : {}),
        ...(change.refreshed ? { last_update: now, last_error: null } : {}),
        ...(change.error !== undefined ? { last_error: change.error } : {}),
        updated_at: now,
      })
      .where(eq(dollarRate.id, 1))
      .returning();
    rateChanged = after.value !== before.value || after.rate_type !== before.rate_type;
    if (rateChanged) {
      await tx
        .insert(dollarRateHistory)
        .values({ rate_type: after.rate_type, value: after.value, source, user_id: actor?.id ?? null, created_at: now });
    }
    const settingsChanged = after.auto_update !== before.auto_update || after.is_manual !== before.is_manual;
    if (rateChanged || (settingsChanged && actor)) {
      await logActivity(tx, {
        action: 'update',
        description: rateChanged
          ? `Cotización del dólar actualizada a ${formatArs(after.value)} (${RATE_TYPE_LABELS[after.rate_type]})`
          : 'Configuración de la cotización del dólar actualizada',
        actor,
        entity_type: 'dollar_rate',
        entity_id: 1,
        changes: {
          before: { rate_type: before.rate_type, value: before.value, auto_update: before.auto_update, is_manual: before.is_manual },
          after: { rate_type: after.rate_type, value: after.value, auto_update: after.auto_update, is_manual: after.is_manual },
          source,
        },
      });
    }
    return after;
  });
  // USD prices are computed per request from the rate; drop catalog reads cached with the old one.
  if (rateChanged) ctx.caches.catalogChanged();
  return row;
}

/** Fetches one type; a failure is logged and returned as a message instead of thrown. */
async function tryFetch(ctx: AppContext, type: FetchedRateType, log?: Logger): Promise<{ value: number } | { error: string }> {
  try {
    return { value: await fetchProviderRate(ctx.config.dollarRateUrl, type) };
  } catch (error) {
    const message = error instanceof RateFetchError ? error.message : 'No se pudo obtener la cotización';
    log?.warn({ err: error instanceof Error ? error.message : String(error), rateType: type }, 'dollar rate fetch failed');
    return { error: message };
  }
}

export interface DollarRateResult {
  data: DollarRateDto;
  message: string;
  warning?: string;
}

const KEPT_VALUE_WARNING = 'No se pudo obtener la cotización del dólar. Se mantiene el último valor.';

export async function updateDollarRate(ctx: AppContext, actor: Actor, update: DollarRateUpdate, log?: Logger): Promise<DollarRateResult> {
  const current = await readRow(ctx.db);

  if (update.kind === 'manual') {
    // A slip ("1450,50" typed as "145050") would reprice every USD product at once.
    if (!update.confirmed && isSuspiciousRateChange(current.value, update.value)) {
      throw conflict(rateChangeMessage(current.value, update.value), RATE_CHANGE_UNCONFIRMED, {
        current_value: current.value,
        requested_value: update.value,
      });
    }
    // spec accounts-admin §4: applying a manual value sets is_manual; manual hides auto-update.
    const row = await applyChange(
      ctx,
      { rate_type: 'manual', value: update.value, is_manual: true, auto_update: false, refreshed: true },
      'manual',
      actor,
    );
    return { data: toDto(row, true), message: 'Valor manual aplicado. Los precios en USD se recalcularon.' };
  }

  if (update.kind === 'force') {
    const type = update.rate_type ?? current.rate_type;
    if (type === 'manual')
      throw badRequest('Elige Dólar Blue u Oficial para actualizar la cotización', {
        rate_type: ['Elige Dólar Blue u Oficial para actualizar la cotización'],
      });
    const fetched = await tryFetch(ctx, type, log);
    if ('error' in fetched) {
      const row = await applyChange(ctx, { error: fetched.error }, 'force', actor);
      throw new AppError(502, KEPT_VALUE_WARNING, 'DOLLAR_RATE_UNAVAILABLE', undefined, { data: toDto(row, true) });
    }
    const row = await applyChange(ctx, { rate_type: type, value: fetched.value, is_manual: false, refreshed: true }, 'force', actor);
    return { data: toDto(row, true), message: 'Cotización actualizada. Los precios en USD se recalcularon.' };
  }

  const type = update.rate_type ?? current.rate_type;
  if (type === 'manual') {
    const row = await applyChange(ctx, { rate_type: 'manual', is_manual: true, auto_update: false }, 'settings', actor);
    return { data: toDto(row, true), message: 'Configuración actualizada correctamente' };
  }
  const autoUpdate = update.auto_update ?? current.auto_update;
  // A new source type needs its own value at once; only toggling auto-update does not.
  if (type === current.rate_type && !current.is_manual) {
    const row = await applyChange(ctx, { auto_update: autoUpdate }, 'settings', actor);
    return { data: toDto(row, true), message: 'Configuración actualizada correctamente' };
  }
  const fetched = await tryFetch(ctx, type, log);
  const base = { rate_type: type, is_manual: false, auto_update: autoUpdate };
  if ('error' in fetched) {
    const row = await applyChange(ctx, { ...base, error: fetched.error }, 'settings', actor);
    return { data: toDto(row, true), message: 'Configuración actualizada correctamente', warning: KEPT_VALUE_WARNING };
  }
  const row = await applyChange(ctx, { ...base, value: fetched.value, refreshed: true }, 'settings', actor);
  return { data: toDto(row, true), message: 'Configuración actualizada correctamente' };
}

/**
 * Background job (spec accounts-admin §9: every hour when auto-update is on). Safe with several
 * processes: one conditional UPDATE claims the row (an expired last_update and no attempt in the
 * last AUTO_RETRY_MS, tracked in updated_at); only the process that claimed it fetches.
 */
export async function refreshDollarRateIfDue(ctx: AppContext, log?: Logger): Promise<boolean> {
  const now = ctx.now();
  const claimed = await ctx.db
    .update(dollarRate)
    .set({ updated_at: now })
    .where(
      and(
        eq(dollarRate.id, 1),
        eq(dollarRate.auto_update, true),
        eq(dollarRate.is_manual, false),
        inArray(dollarRate.rate_type, ['blue', 'oficial']),
        or(isNull(dollarRate.last_update), lte(dollarRate.last_update, new Date(now.getTime() - DOLLAR_AUTO_UPDATE_MS))),
        lte(dollarRate.updated_at, new Date(now.getTime() - AUTO_RETRY_MS)),
      ),
    )
    .returning({ rate_type: dollarRate.rate_type });
  const type = claimed[0]?.rate_type;
  if (type !== 'blue' && type !== 'oficial') return false;
  const fetched = await tryFetch(ctx, type, log);
  // An admin may have switched to a manual value or another type while the fetch was running.
  const stillAuto = (row: RateRow) => row.auto_update && !row.is_manual && row.rate_type === type;
  if ('error' in fetched) {
    await applyChange(ctx, { error: fetched.error }, 'auto', null, stillAuto);
    return false;
  }
  await applyChange(ctx, { value: fetched.value, refreshed: true }, 'auto', null, stillAuto);
  return true;
}
