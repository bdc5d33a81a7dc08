import './lib/zod-config';
import { hydrate } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { App, createQueryClient } from './App';
import { appReady } from './lib/app-ready';
import { hydrateInSlices, nextTask } from './lib/hydration-slices';
import { embeddedFirstRender } from './lib/first-render';
import { keyCurrentHistoryEntry, setRouter } from './lib/navigation';
import { routes } from './routes';
import './styles.css';

async function start() {
  const queryClient = createQueryClient();
  const firstRender = embeddedFirstRender;
  if (firstRender) hydrate(queryClient, firstRender.queries);
  // The server rendered this page with its own code: load it before hydrating, so the first render
  // in the browser matches the HTML (the chunk is preloaded next to the entry script). A page's
  // frame is hydrated with the page's HydrateFallback, as the router shows it before the code loads.
  if (firstRender) {
    const lazyRoutes = (matchRoutes(routes, window.location) ?? []).flatMap(({ route }) => {
      const load = route.lazy;
      return typeof load === 'function' ? [{ route, load }] : [];
    });
    if (!firstRender.frameOnly) {
      await Promise.all(lazyRoutes.map(async ({ route, load }) => Object.assign(route, await load(), { lazy: undefined })));
    } else {
      // A frame keeps its fallback until hydrated: the page's code, arriving in the middle of a
      // hydration, would otherwise be hydrated against the fallback's HTML and fail to match it.
      for (const { route, load } of lazyRoutes) route.lazy = async () => (await Promise.all([load(), appReady]))[0];
    }
  }
  // The modules ran in this task; the router starts in the next one.
  await nextTask();
  keyCurrentHistoryEntry();
  const router = createBrowserRouter(routes);
  setRouter(router);
  const app = (
    <App queryClient={queryClient} firstRender={firstRender}>
      <RouterProvider router={router} />
    </App>
  );
  const container = document.getElementById('root')!;
  if (firstRender) {
    // The hydration starts in a task of its own and, as a transition, works in short slices; the
    // page's HydrationSlices are hydrated after it.
    await nextTask();
    void hydrateInSlices(() => startTransition(() => void hydrateRoot(container, app)));
  } else createRoot(container).render(app);
}

void start();
