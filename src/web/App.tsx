// The providers around every page, the same for the browser (main.tsx) and the server's first
// render (entry-server.tsx), so that both build the same tree.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useEffect, type ReactNode } from 'react';
import { Toaster } from 'sonner';
import { markAppReady } from './lib/app-ready';
import { FirstRenderContext, type FirstRender } from './lib/first-render';
import { SessionProvider } from './lib/session';
import { toastOffset } from './lib/toast-clearance';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false },
    },
  });
}

/** Marks the document once the app runs (hydrated or rendered): buttons work from then on. */
function ReadyMark() {
  useEffect(markAppReady, []);
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
            <ReadyMark />
            {/* spec storefront §9: toasts 3 s, at most 3, bottom right; above a page's save bar */}
            <Toaster
              position="bottom-right"
              duration={3000}
              visibleToasts={3}
              richColors
              closeButton
              offset={{ bottom: toastOffset(24) }}
              mobileOffset={{ bottom: toastOffset(16) }}
            />
          </SessionProvider>
        </QueryClientProvider>
      </FirstRenderContext>
    </StrictMode>
  );
}
