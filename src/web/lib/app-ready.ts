// The moment the app first runs in the browser: its first render is committed (hydrated or
// rendered) and its effects run. App's ReadyMark marks it.
let markReady: () => void = () => {};

/** Settles once the app's first render is committed. */
export const appReady = new Promise<void>((resolve) => (markReady = resolve));

export function markAppReady() {
  document.documentElement.dataset.app = 'ready';
  markReady();
}
