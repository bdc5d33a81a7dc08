// Whether the shop is in maintenance, as the route guard sees it (spec accounts-admin §4 site and
// route guard steps 2-4, §9 cache lifetimes). Kept in localStorage with its timestamp; the guard
// subscribes to it. Type-only imports from the domain keep zod out of the first load.
import type { MaintenanceStatusDto } from '../../domain/site';
import { api, ApiError, onMaintenance } from './api';
import { clearBypass } from './bypass';
import { embeddedFirstRender, type FirstRender } from './first-render';

const KEY = 'maintenanceCache';
// spec §9: state cached 5 minutes, trusted twice as long after 3 consecutive errors.
const LIFETIME_MS = 300_000;
const LONG_LIFETIME_MS = 2 * LIFETIME_MS;
const ERRORS_FOR_LONG_LIFETIME = 3;
// A fresh cache is checked again in the background, at most this often (not on every click).
const BACKGROUND_CHECK_AFTER_MS = 30_000;

export interface MaintenanceState {
  maintenance_mode: boolean;
  maintenance_message: string;
  has_bypass_password: boolean;
  /** When the server last told us (epoch ms); 0 when this is a guess. */
  checked_at: number;
  /** Consecutive failed checks. */
  errors: number;
}

const ONLINE: MaintenanceState = { maintenance_mode: false, maintenance_message: '', has_bypass_password: false, checked_at: 0, errors: 0 };

function readStored(): MaintenanceState | null {
  try {
    const raw = localStorage.getItem(KEY);
    const value = raw ? (JSON.parse(raw) as MaintenanceState) : null;
    return value && typeof value.maintenance_mode === 'boolean' && typeof value.checked_at === 'number' ? value : null;
  } catch {
    return null;
  }
}

/** What the server said while rendering this page, if it did: as fresh as it gets. */
export function fromFirstRender(firstRender: FirstRender | null): MaintenanceState | null {
  const status = firstRender?.maintenance;
  return status ? { ...status, maintenance_message: status.maintenance_message ?? '', checked_at: Date.now(), errors: 0 } : null;
}

let state: MaintenanceState | null = fromFirstRender(embeddedFirstRender) ?? readStored();
let inFlight: Promise<MaintenanceState> | null = null;
const listeners = new Set<() => void>();

function publish(next: MaintenanceState) {
  state = next;
  try {
    localStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // Kept in memory only.
  }
  listeners.forEach((listener) => listener());
}

export function subscribeMaintenance(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The last known state, or null before the first answer. */
export const getMaintenanceSnapshot = () => state;

export function isFresh(value: MaintenanceState | null, now = Date.now()): value is MaintenanceState {
  if (!value || !value.checked_at) return false;
  const lifetime = value.errors >= ERRORS_FOR_LONG_LIFETIME ? LONG_LIFETIME_MS : LIFETIME_MS;
  return now - value.checked_at < lifetime;
}

/** Stores what the server answered (status call, toggle in the settings panel). */
export function setMaintenanceStatus(status: MaintenanceStatusDto) {
  publish({ ...status, maintenance_message: status.maintenance_message ?? '', checked_at: Date.now(), errors: 0 });
}

/**
 * Asks the server. A 503 means maintenance; 429, other 5xx or no answer keep the last known
 * state (online when there is none) and count an error. One request at a time.
 */
export function checkMaintenance(): Promise<MaintenanceState> {
  inFlight ??= api
    .get<MaintenanceStatusDto>('/api/core/maintenance-status/', { timeout: 15_000 })
    .then((status) => {
      setMaintenanceStatus(status);
      return state!;
    })
    .catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 503) {
        const message = typeof error.body?.maintenance_message === 'string' ? error.body.maintenance_message : '';
        publish({
          maintenance_mode: true,
          maintenance_message: message,
          has_bypass_password: state?.has_bypass_password ?? false,
          checked_at: Date.now(),
          errors: 0,
        });
      } else {
        const last = state ?? ONLINE;
        // The failed check does not renew a known state's age; a guess has none.
        publish({ ...last, errors: last.errors + 1, checked_at: last.checked_at || Date.now() });
      }
      return state!;
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

/** Cached state when fresh (checked again in the background), else a new check. */
export function maintenanceState(): MaintenanceState | Promise<MaintenanceState> {
  if (isFresh(state)) {
    if (Date.now() - state.checked_at > BACKGROUND_CHECK_AFTER_MS) void checkMaintenance();
    return state;
  }
  return checkMaintenance();
}

// Any API call answered 503 MAINTENANCE: the shop closed under us, and a bypass we hold (if
// any) was refused. The guard, subscribed to the state, sends the visitor to /maintenance.
onMaintenance((message) => {
  clearBypass();
  publish({
    maintenance_mode: true,
    maintenance_message: message ?? state?.maintenance_message ?? '',
    has_bypass_password: state?.has_bypass_password ?? false,
    checked_at: Date.now(),
    errors: 0,
  });
});

// Start the first check with the app, in parallel with the first page's chunk.
if (typeof window !== 'undefined' && !isFresh(state)) void checkMaintenance();
