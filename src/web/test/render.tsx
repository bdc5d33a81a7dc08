// Component tests (happy-dom, in the unit project): a page rendered with the app's providers, and
// the API answered through the one transport seam of lib/api.ts, recording each request.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
// The library itself, to dismiss what is active; the app reaches it only through lib/toast.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { toast as toasts } from 'sonner';
import { afterEach } from 'vitest';
import { setTransport } from '../lib/api';

export interface RecordedRequest {
  method: string;
  url: URL;
  /** A JSON body as sent; null for none or a form (an upload). */
  body: string | null;
}

type Answer = (request: RecordedRequest) => { status?: number; json: unknown } | undefined;

/** Answers the app's API calls with `answer`; a call it does not answer fails the test with a 500. */
export function fakeApi(answer: Answer) {
  const requests: RecordedRequest[] = [];
  setTransport(async (input, init) => {
    // lib/api.ts calls the transport with a path.
    const path = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const request = {
      method: init?.method ?? 'GET',
      url: new URL(path, 'http://tienda.test'),
      body: typeof init?.body === 'string' ? init.body : null,
    };
    requests.push(request);
    const answered = answer(request);
    if (!answered)
      return new Response(JSON.stringify({ error: `sin respuesta para ${request.method} ${request.url.pathname}` }), { status: 500 });
    return new Response(JSON.stringify(answered.json), { status: answered.status ?? 200, headers: { 'content-type': 'application/json' } });
  });
  return requests;
}

export function renderPage(page: ReactNode, path = '/') {
  // Test files share their worker's modules (isolate: false), so the afterEach below is registered
  // by the first file that loads this one only: each render also clears what an earlier one left,
  // the toasts still active included (sonner keeps them for the next list that subscribes).
  cleanup();
  toasts.dismiss();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => cleanup());
