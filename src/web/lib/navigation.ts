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
