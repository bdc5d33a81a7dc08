// The providers around every page, the same for the browser (main.tsx) and the server's first
// render (entry-server.tsx), so that both build the same tree.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useEffect, type ReactNode } from 'react';
import { Toaster } from 'sonner';
import { markAppReady } from './lib/app-ready';
import { FirstRenderContext, type FirstRender } from './lib/first-render';
import { SessionProvider } from './lib/session';
import { toastOffset } from './lib/toast-clearance';
import { useMediaQuery } from './components/use-media-query';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false },
    },
  });
}

/**
 * spec storefront §9: toasts 3 s, at most 3, bottom right, above a page's save bar. On a phone a
 * toast spans the screen's width, so at the bottom it would cover the row actions and bulk bar the
 * staff is tapping: there it shows at the top, under the sticky header (sonner's own phone width).
 */
function Toasts() {
  const phone = useMediaQuery('(max-width: 600px)');
  return (
    <Toaster
      position={phone ? 'top-center' : 'bottom-right'}
      duration={3000}
      visibleToasts={3}
      richColors
      closeButton
      offset={{ bottom: toastOffset(24) }}
      // Below the sticky header on a phone (admin 56 px, storefront 65 px).
      mobileOffset={{ top: 72, bottom: toastOffset(16) }}
    />
  );
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
            <Toasts />
          </SessionProvider>
        </QueryClientProvider>
      </FirstRenderContext>
    </StrictMode>
  );
}
