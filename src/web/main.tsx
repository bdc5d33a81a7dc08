import './lib/zod-config';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { SessionProvider } from './lib/session';
import { router } from './routes';
import './styles.css';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false },
  },
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <RouterProvider router={router} />
        {/* spec storefront §9: toasts 3 s, at most 3, bottom right */}
        <Toaster position="bottom-right" duration={3000} visibleToasts={3} richColors closeButton />
      </SessionProvider>
    </QueryClientProvider>
  </StrictMode>,
);
