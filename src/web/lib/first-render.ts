// What the server knew when it rendered a page's first view (entry-server.tsx). It travels in the
// HTML as JSON so the browser's first render matches the server's before it reads its own storage.
import type { DehydratedState } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import type { MaintenanceStatusDto } from '../../domain/site';

export interface FirstRender {
  /** The request carried the age cookie: the page was rendered without the gate. */
  ageVerified: boolean;
  /** 'anonymous' when the request carried no session hint; else 'loading' until the refresh. */
  session: 'anonymous' | 'loading';
  maintenance: MaintenanceStatusDto;
  /** Only the page's frame was rendered (its HydrateFallback in the page's place, entry-server.tsx). */
  frameOnly: boolean;
  queries: DehydratedState;
}

export const FIRST_RENDER_ELEMENT_ID = 'first-render';

function readEmbedded(): FirstRender | null {
  if (typeof document === 'undefined') return null;
  const text = document.getElementById(FIRST_RENDER_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as FirstRender;
  } catch {
    return null;
  }
}

/** In the browser: the server's first render of this page, or null when it came without one. */
export const embeddedFirstRender = readEmbedded();

export const FirstRenderContext = createContext<FirstRender | null>(null);

export const useFirstRender = () => useContext(FirstRenderContext);
