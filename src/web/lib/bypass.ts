// The maintenance bypass granted on /maintenance (spec accounts-admin §4 bypass): the server's
// signed token and its expiry, kept for 12 hours in this browser and sent with every API call.
// No imports on purpose: the API client reads it, and both are in the initial bundle.
const KEY = 'maintenanceBypass';

// The header the server reads (BYPASS_HEADER in src/domain/site.ts; importing that module here
// would pull zod into the storefront's first load).
export const BYPASS_HEADER = 'x-maintenance-bypass';

interface StoredBypass {
  token: string;
  /** Epoch milliseconds. */
  expires_at: number;
}

// Used when storage is disabled, so the bypass still lasts for this page's life.
let memory: StoredBypass | null = null;

function read(): StoredBypass | null {
  if (memory) return memory;
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as StoredBypass;
    if (typeof value?.token === 'string' && typeof value.expires_at === 'number') return value;
  } catch {
    // Unreadable storage counts as no bypass.
  }
  return null;
}

/** The token while it is still valid; an expired one is cleared. */
export function getBypassToken(now = Date.now()): string | null {
  const stored = read();
  if (!stored) return null;
  if (stored.expires_at <= now) {
    clearBypass();
    return null;
  }
  return stored.token;
}

export const hasValidBypass = (now = Date.now()) => getBypassToken(now) !== null;

export function storeBypass(token: string, expiresAt: string | null) {
  // The server says 12 hours; without an expiry in the answer, count them from now.
  const expires = expiresAt ? Date.parse(expiresAt) : Date.now() + 12 * 3600_000;
  const value: StoredBypass = { token, expires_at: expires };
  try {
    localStorage.setItem(KEY, JSON.stringify(value));
    memory = null;
  } catch {
    memory = value;
  }
}

export function clearBypass() {
  memory = null;
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing stored.
  }
}
