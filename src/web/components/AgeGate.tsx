// spec storefront §2 age verification. The page stays rendered (and crawlable) underneath; while
// the gate is open the page is inert, so keyboard and screen readers stay inside the gate.
import { useEffect, useRef } from 'react';
import { AGE_COOKIE, AGE_COOKIE_DAYS, readCookie } from '../../domain/cookies';
import { SHOP_NAME } from './site';

export const AGE_KEY = 'ageVerified';
export const UNDERAGE_URL = 'https://www.google.com';

export function readAgeVerified(): boolean {
  if (typeof document === 'undefined') return false;
  if (readCookie(document.cookie, AGE_COOKIE) === 'true') return true;
  try {
    return localStorage.getItem(AGE_KEY) === 'true';
  } catch {
    return false;
  }
}

/** Kept in storage and in a cookie, which lets the server render pages without the gate. */
export function rememberAgeVerified() {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${AGE_COOKIE}=true; Max-Age=${AGE_COOKIE_DAYS * 24 * 3600}; Path=/; SameSite=Lax${secure}`;
  try {
    localStorage.setItem(AGE_KEY, 'true');
  } catch {
    // Private mode without storage: the cookie is enough.
  }
}

export function AgeGate({ onVerified }: { onVerified(): void }) {
  const confirmRef = useRef<HTMLButtonElement>(null);

  // The page under the gate does not scroll: theme.css, from the server's first paint.
  useEffect(() => {
    confirmRef.current?.focus();
  }, []);

  const confirm = () => {
    rememberAgeVerified();
    onVerified();
  };

  return (
    <div data-scroll-lock className="fixed inset-0 z-[100] flex items-center justify-center bg-stone-950/80 p-4 backdrop-blur-md">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="age-gate-title"
        aria-describedby="age-gate-text"
        className="w-full max-w-md rounded-3xl bg-white p-8 text-center shadow-2xl"
      >
        <img src="/logo.svg" alt={SHOP_NAME} width={64} height={64} className="mx-auto h-16 w-16" />
        <h2 id="age-gate-title" className="mt-5 text-2xl font-bold text-stone-900">
          Verificación de Edad
        </h2>
        <p id="age-gate-text" className="mt-2 text-stone-600">
          Debes ser mayor de 18 años para acceder a este sitio.
        </p>
        <div className="mt-7 flex flex-col gap-3 sm:flex-row">
          <button
            ref={confirmRef}
            type="button"
            onClick={confirm}
            className="flex-1 rounded-xl bg-brand-700 px-5 py-3 font-semibold text-white transition hover:bg-brand-800"
          >
            Soy mayor de 18
          </button>
          <button
            type="button"
            onClick={() => window.location.assign(UNDERAGE_URL)}
            className="flex-1 rounded-xl border border-stone-300 px-5 py-3 font-semibold text-stone-700 transition hover:bg-stone-100"
          >
            Soy menor
          </button>
        </div>
      </div>
    </div>
  );
}
