// The browser's router, for code outside components that must change page (main.tsx sets it).
import type { createBrowserRouter } from 'react-router';

type BrowserRouter = ReturnType<typeof createBrowserRouter>;

let router: BrowserRouter | null = null;

export function setRouter(next: BrowserRouter) {
  router = next;
}

export function replacePage(to: string) {
  void router?.navigate(to, { replace: true });
}

/**
 * Gives the tab's current history entry a key of its own when it has none. React Router keeps
 * scroll positions by entry key, and an entry the app did not create (an address typed or a link
 * from elsewhere) has none: every fresh load of the tab would share one saved position and open
 * scrolled down. With a key, a fresh load starts at the top and reload, back and forward still
 * find the entry's own position (the key lives in the entry's state, which the browser keeps).
 */
export function keyCurrentHistoryEntry() {
  const state = (window.history.state ?? {}) as { key?: unknown; idx?: unknown; usr?: unknown };
  if (typeof state.key === 'string' && state.key) return;
  window.history.replaceState({ usr: null, idx: 0, ...state, key: Math.random().toString(36).slice(2, 10) }, '');
}

/**
 * Puts the page at `top` at once, whatever scroll-behavior a stylesheet sets: a page that has just
 * opened must not glide from where the last one was.
 */
export function jumpTo(top: number) {
  window.scrollTo({ top, behavior: 'instant' });
}
