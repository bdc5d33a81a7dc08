// Maintenance mode and its bypass (spec accounts-admin §2, §4 site/bypass, §7 core): the switch
// in site_settings row 1, the hashed bypass password and the signed 12-hour bypass token.
import { eq } from 'drizzle-orm';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import {
  BYPASS_GRANTED_MESSAGE,
  BYPASS_INVALID_MESSAGE,
  BYPASS_TTL_HOURS,
  type BypassResultDto,
  type MaintenanceStatusDto,
  type ToggleMaintenanceInput,
} from '../../../domain/site';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { siteSettings } from '../../db/schema';
import { secretKey } from '../../security/tokens';
import { type Actor, diff, logActivity } from '../../shared/activity-log';
import { hashPassword, verifyPassword } from '../../security/passwords';
import { bypassFingerprint, readShopSettings, type ShopSettings } from './settings';

const ISSUER = 'semillas-shop';
const BYPASS_TTL_SECONDS = BYPASS_TTL_HOURS * 3600;

async function ensureSettingsRow(db: DbOrTx) {
  await db.insert(siteSettings).values({ id: 1 }).onConflictDoNothing();
}

/** What every API request asks: is the shop in maintenance, and which bypass tokens still hold. */
export type MaintenanceState = Pick<ShopSettings, 'maintenance_mode' | 'maintenance_message' | 'bypass_fingerprint'>;

/**
 * Every API request asks for the switch: read with the other settings through their cache, which
 * a toggle clears in every process (settingsChanged) and whose 1-second TTL bounds a missed
 * notification.
 */
export function readMaintenanceState(ctx: AppContext): Promise<MaintenanceState> {
  return readShopSettings(ctx);
}

function toStatus(state: MaintenanceState): MaintenanceStatusDto {
  return {
    maintenance_mode: state.maintenance_mode,
    maintenance_message: state.maintenance_message ?? '',
    has_bypass_password: state.bypass_fingerprint !== null,
  };
}

export async function getMaintenanceStatus(ctx: AppContext): Promise<MaintenanceStatusDto> {
  return toStatus(await readMaintenanceState(ctx));
}

// Every page request asks; the state object lives as long as its cache entry.
const variants = new WeakMap<MaintenanceState, string | null>();

/**
 * What of the site settings the storefront's pages carry, as part of their cache key, or null
 * while the shop is in maintenance (its pages are then never kept). Read through the same short
 * cache as every request, so another process's toggle reaches the key within a second.
 */
export async function storefrontPageVariant(ctx: AppContext): Promise<string | null> {
  const state = await readMaintenanceState(ctx);
  let variant = variants.get(state);
  if (variant === undefined) {
    variant = state.maintenance_mode ? null : JSON.stringify(toStatus(state));
    variants.set(state, variant);
  }
  return variant;
}

export async function toggleMaintenance(
  ctx: AppContext,
  actor: Actor,
  input: ToggleMaintenanceInput,
): Promise<MaintenanceStatusDto & { message: string }> {
  // Hash outside the transaction: argon2 is slow on purpose.
  const newHash = input.bypass_password ? await hashPassword(input.bypass_password, ctx.config.argon2) : undefined;
  const wasOn = await ctx.db.transaction(async (tx) => {
    await ensureSettingsRow(tx);
    const [before] = await tx.select().from(siteSettings).where(eq(siteSettings.id, 1)).for('update');
    const changes: Partial<typeof siteSettings.$inferInsert> = {
      maintenance_mode: input.maintenance_mode,
      updated_by: actor.id,
      updated_at: ctx.now(),
    };
    if (input.maintenance_message !== undefined) changes.maintenance_message = input.maintenance_message || null;
    if (input.bypass_password !== undefined) changes.bypass_password_hash = newHash ?? null;
    await tx.update(siteSettings).set(changes).where(eq(siteSettings.id, 1));

    const shown = (mode: boolean, message: string | null, hash: string | null) => ({
      maintenance_mode: mode,
      maintenance_message: message,
      has_bypass_password: hash !== null,
    });
    const after = { ...before, ...changes };
    await logActivity(tx, {
      action: 'update',
      description: describeToggle(before.maintenance_mode, input.maintenance_mode, input.bypass_password),
      actor,
      entity_type: 'site_settings',
      entity_id: 1,
      changes: {
        ...diff(
          shown(before.maintenance_mode, before.maintenance_message, before.bypass_password_hash),
          shown(after.maintenance_mode ?? false, after.maintenance_message ?? null, after.bypass_password_hash ?? null),
        ),
        // The hash never goes into the log; only the fact that the password changed.
        ...(input.bypass_password !== undefined ? { bypass_password_changed: true } : {}),
      },
    });
    return before.maintenance_mode;
  });
  ctx.caches.settingsChanged();
  const status = await getMaintenanceStatus(ctx);
  return { ...status, message: toggleMessage(wasOn, input) };
}

// The settings panel's success texts (spec accounts-admin §8 settings panel).
function toggleMessage(wasOn: boolean, input: ToggleMaintenanceInput): string {
  if (wasOn !== input.maintenance_mode) {
    return input.maintenance_mode ? 'Modo mantenimiento activado correctamente' : 'Modo mantenimiento desactivado correctamente';
  }
  if (input.bypass_password === '') return 'Contraseña de bypass eliminada correctamente';
  if (input.bypass_password !== undefined) return 'Contraseña de bypass configurada correctamente';
  if (input.maintenance_message !== undefined) return 'Mensaje actualizado correctamente';
  return 'Configuración actualizada correctamente';
}

function describeToggle(wasOn: boolean, isOn: boolean, password: string | undefined): string {
  const parts: string[] = [];
  if (wasOn !== isOn) parts.push(isOn ? 'Modo mantenimiento activado' : 'Modo mantenimiento desactivado');
  else parts.push(isOn ? 'Configuración de mantenimiento actualizada' : 'Configuración de la tienda actualizada');
  if (password === '') parts.push('contraseña de bypass eliminada');
  else if (password !== undefined) parts.push('contraseña de bypass configurada');
  return parts.join('; ');
}

/** Checks the bypass password; a match yields a token valid 12 hours. */
export async function validateBypassPassword(ctx: AppContext, password: string): Promise<BypassResultDto> {
  // The hash itself is kept out of the cached settings: read it here.
  const [row] = await ctx.db
    .select({ bypass_password_hash: siteSettings.bypass_password_hash })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1));
  const valid = !!row?.bypass_password_hash && (await verifyPassword(row.bypass_password_hash, password));
  if (!valid) return { valid: false, message: BYPASS_INVALID_MESSAGE, bypass_token: null, expires_at: null };
  const issuedAt = Math.floor(ctx.now().getTime() / 1000);
  const expiresAt = issuedAt + BYPASS_TTL_SECONDS;
  const token = await new SignJWT({ typ: 'bypass', pwv: bypassFingerprint(row.bypass_password_hash) })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(secretKey(ctx.config.jwtSecret));
  return { valid: true, message: BYPASS_GRANTED_MESSAGE, bypass_token: token, expires_at: new Date(expiresAt * 1000).toISOString() };
}

/**
 * A bypass token is good while unexpired and issued for the current bypass password: changing or
 * removing the password ends every bypass handed out with the old one.
 */
export async function isValidBypassToken(ctx: AppContext, token: string, state: MaintenanceState): Promise<boolean> {
  if (!token || !state.bypass_fingerprint) return false;
  try {
    const { payload } = await jwtVerify(token, secretKey(ctx.config.jwtSecret), {
      issuer: ISSUER,
      algorithms: ['HS256'],
      currentDate: ctx.now(),
    });
    return payload.typ === 'bypass' && payload.pwv === state.bypass_fingerprint;
  } catch (error) {
    if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return false;
    throw error;
  }
}
