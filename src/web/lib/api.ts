// The only place that calls fetch: adds the access token, refreshes it once on 401 and turns
// error bodies into ApiError with the server's Spanish message.
import { BYPASS_HEADER, getBypassToken } from './bypass';
import type { SessionUser } from './session-types';

/** The API's error answer (ARCHITECTURE: API conventions), as far as the client reads it. */
interface ErrorBody extends Record<string, unknown> {
  error?: string;
  message?: string;
  code?: string;
  errors?: Record<string, string[]>;
  maintenance_message?: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly errors?: Record<string, string[]>,
    readonly body?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

let accessToken: string | null = null;
// The server's first render of a page answers these calls in-process (entry-server.tsx).
let transport: typeof fetch = (input, init) => fetch(input, init);
let refreshInFlight: Promise<SessionTokens | null> | null = null;
const listeners = {
  unauthorized: new Set<() => void>(),
  maintenance: new Set<(message: string | undefined) => void>(),
};

export function setAccessToken(token: string | null) {
  accessToken = token;
}

export function setTransport(next: typeof fetch) {
  transport = next;
}

/** Called when a 401 cannot be repaired by a refresh: the session is over. */
export function onUnauthorized(listener: () => void) {
  listeners.unauthorized.add(listener);
  return () => void listeners.unauthorized.delete(listener);
}

/** Called when the server answers 503 because the shop is in maintenance. */
export function onMaintenance(listener: (message: string | undefined) => void) {
  listeners.maintenance.add(listener);
  return () => void listeners.maintenance.delete(listener);
}

export interface SessionTokens {
  access: string;
  user: SessionUser;
}

/**
 * What /start.js asked for a returning customer before the app ran: the session's refresh, and
 * answers with prices fetched with its access token. Each is taken once: the refresh cookie is
 * used up by the refresh, so the app never asks a second time.
 */
interface EarlyStart {
  refresh?: Promise<Response>;
  answers?: Record<string, Promise<{ token: string; response: Response } | null> | undefined>;
}
const earlyStart = (): EarlyStart | undefined => (globalThis as { __earlyStart?: EarlyStart }).__earlyStart;

function takeEarlyRefresh(): Promise<Response> | undefined {
  const early = earlyStart();
  const refresh = early?.refresh;
  if (early) early.refresh = undefined;
  return refresh;
}

/** The early answer to a GET of `path`, when it was fetched with the access token in use. */
async function takeEarlyAnswer(path: string): Promise<Response | null> {
  const answers = earlyStart()?.answers;
  const early = answers?.[path];
  if (!answers || !early) return null;
  answers[path] = undefined;
  const answer = await early.catch(() => null);
  return answer && answer.token === accessToken ? answer.response : null;
}

/** Uses the httpOnly refresh cookie to get a new access token; one request at a time. */
export function refreshSession(): Promise<SessionTokens | null> {
  refreshInFlight ??= (async () => {
    try {
      const response = await (takeEarlyRefresh() ??
        fetch('/api/auth/refresh/', {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        }));
      if (!response.ok) {
        // Read the body even though it is not needed: until it is read the browser reports the
        // request as still loading, and page-load measurements (Lighthouse) wait for it.
        await response.text();
        accessToken = null;
        return null;
      }
      const data = (await response.json()) as SessionTokens;
      accessToken = data.access;
      return data;
    } catch {
      return null;
    } finally {
      queueMicrotask(() => {
        refreshInFlight = null;
      });
    }
  })();
  return refreshInFlight;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Milliseconds before the request is abandoned (spec: 30 s by default). */
  timeout?: number;
  /** Message when the server gives none. */
  fallbackError?: string;
  /** The Accept header, JSON unless a file is asked for. */
  accept?: string;
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  if ((options.method ?? 'GET') === 'GET' && accessToken) {
    const early = await takeEarlyAnswer(path);
    if (early) return early;
  }
  const headers: Record<string, string> = { accept: options.accept ?? 'application/json' };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (accessToken) headers.authorization = `Bearer ${accessToken}`;
  const bypass = getBypassToken();
  if (bypass) headers[BYPASS_HEADER] = bypass;
  const timeout = AbortSignal.timeout(options.timeout ?? 30_000);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  return transport(path, { method: options.method ?? 'GET', headers, body, signal, credentials: 'same-origin' });
}

/** Sends a request; a 401 with a token gets one refresh and one retry. Errors become ApiError. */
async function request(path: string, options: RequestOptions): Promise<Response> {
  let response: Response;
  try {
    response = await send(path, options);
    if (response.status === 401 && accessToken) {
      if (await refreshSession()) response = await send(path, options);
      if (response.status === 401) {
        accessToken = null;
        listeners.unauthorized.forEach((l) => l());
      }
    }
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError' && options.signal?.aborted) throw error;
    throw new ApiError(0, 'Error de conexión. Por favor, intenta nuevamente en unos momentos.');
  }
  if (!response.ok) {
    const text = await response.text();
    let body: ErrorBody | undefined;
    try {
      body = text ? (JSON.parse(text) as ErrorBody) : undefined;
    } catch {
      body = undefined;
    }
    if (response.status === 503 && body?.code === 'MAINTENANCE') {
      listeners.maintenance.forEach((l) => l(body?.maintenance_message ?? body?.error));
    }
    const message = body?.error ?? body?.message ?? options.fallbackError ?? 'Ocurrió un error. Por favor, intenta nuevamente.';
    throw new ApiError(response.status, message, body?.code, body?.errors, body);
  }
  return response;
}

export async function apiFetch<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await request(path, options);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  try {
    return (text ? JSON.parse(text) : null) as T;
  } catch {
    return null as T;
  }
}

/** A file the API sends (a CSV export): its content and the name the server gives it. */
async function apiDownload(path: string, options: Omit<RequestOptions, 'method' | 'body'>) {
  const response = await request(path, { accept: '*/*', ...options, method: 'GET' });
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1] ?? /filename="?([^";]+)"?/i.exec(disposition)?.[1];
  return { blob: await response.blob(), filename: filename ? decodeURIComponent(filename) : undefined };
}

/** Downloads a file the API sends and hands it to the browser to save, under the server's name or `fallbackName`. */
export async function saveDownload(path: string, fallbackName: string, options: Omit<RequestOptions, 'method' | 'body'> = {}) {
  const { blob, filename } = await apiDownload(path, options);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the object URL after click() returns: free it only later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiFetch<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiFetch<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiFetch<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiFetch<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiFetch<T>(path, { ...options, method: 'DELETE' }),
};

/** Builds a query string from defined, non-empty values. */
export function toQuery(params: Record<string, string | number | boolean | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
