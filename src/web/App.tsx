// The providers around every page, the same for the browser (main.tsx) and the server's first
// render (entry-server.tsx), so that both build the same tree.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useEffect, type ReactNode } from 'react';
import { markAppReady } from './lib/app-ready';
import { afterSlices } from './lib/hydration-slices';
import { FirstRenderContext, type FirstRender } from './lib/first-render';
import { CartSync } from './lib/cart-sync';
import { SessionProvider } from './lib/session';
import { Toasts } from './lib/toast';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false },
    },
  });
}

/** Marks the document once the app runs (hydrated, its last slice too, or rendered): buttons work from then on. */
function ReadyMark() {
  useEffect(() => void afterSlices().then(markAppReady), []);
  return null;
}

export function App({
  queryClient,
  firstRender,
  children,
}: {
  queryClient: QueryClient;
  firstRender: FirstRender | null;
  children: ReactNode;
}) {
  return (
    <StrictMode>
      <FirstRenderContext value={firstRender}>
        <QueryClientProvider client={queryClient}>
          <SessionProvider>
            {children}
            <CartSync />
            <ReadyMark />
            <Toasts />
          </SessionProvider>
        </QueryClientProvider>
      </FirstRenderContext>
    </StrictMode>
  );
}
