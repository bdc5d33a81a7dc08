// @vitest-environment happy-dom
// Slices of a server-rendered page are hydrated after the rest of it, on the server's own nodes,
// and a slice whose turn comes after the state changed shows the new state, attributes included.
import { useEffect, useLayoutEffect, useSyncExternalStore } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterSlices, HydrationSlice, hydrateInSlices } from './hydration-slices';

// React's own scheduling, as in a browser, not the test helpers' act().
const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
const previousActEnvironment = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
beforeAll(() => void (actEnvironment.IS_REACT_ACT_ENVIRONMENT = false));
afterAll(() => void (actEnvironment.IS_REACT_ACT_ENVIRONMENT = previousActEnvironment));

function createSession() {
  let signedIn = false;
  const listeners = new Set<() => void>();
  return {
    subscribe: (listener: () => void) => (listeners.add(listener), () => listeners.delete(listener)),
    get: () => signedIn,
    signIn: () => {
      signedIn = true;
      listeners.forEach((l) => l());
    },
  };
}

/** `server`: what the server read, signed in or not. */
type Session = ReturnType<typeof createSession> & { server: boolean };
let cardRenders = 0;
/** How many cards had rendered when the frame was committed. */
let cardsAtFrameCommit: number | undefined;

/** A store read as the server read it (signed out) during the hydration, then as it is. */
const useSignedIn = (session: Session) => useSyncExternalStore(session.subscribe, session.get, () => session.server);

function Card({ session, id }: { session: Session; id: number }) {
  cardRenders++;
  const signedIn = useSignedIn(session);
  return (
    <li className={signedIn ? 'card priced' : 'card'}>
      {/* Same element, other attributes: what hydration alone would leave as the server sent it. */}
      <a href={signedIn ? `/producto/${id}` : `/login?next=/producto/${id}`} aria-label={signedIn ? 'Ver precio' : 'Inicia sesión'}>
        {signedIn ? '$ 12.000' : 'Inicia sesión para ver precios'}
      </a>
      {signedIn && <button type="button">Agregar</button>}
    </li>
  );
}

function Page({ session }: { session: Session }) {
  const signedIn = useSignedIn(session);
  useLayoutEffect(() => void (cardsAtFrameCommit ??= cardRenders), []);
  useEffect(() => void afterSlices(), []);
  return (
    <main>
      <h1>{signedIn ? 'Hola' : 'Catálogo'}</h1>
      <ul>
        {[1, 2, 3].map((id) => (
          <HydrationSlice key={id}>
            <Card session={session} id={id} />
          </HydrationSlice>
        ))}
      </ul>
      <HydrationSlice>
        <footer className={signedIn ? 'signed' : 'guest'}>Pie</footer>
      </HydrationSlice>
    </main>
  );
}

/** A session as the server rendered it: signed out. */
const guestSession = () => Object.assign(createSession(), { server: false });

const GUEST_HTML = serverHtml(false);
const SIGNED_IN_HTML = serverHtml(true);

function serverHtml(signedIn: boolean) {
  const session = Object.assign(createSession(), { server: signedIn });
  if (signedIn) session.signIn();
  return renderToString(<Page session={session} />);
}

describe('hydration in slices', () => {
  it('hydrates each slice after the rest of the page, on the server HTML', async () => {
    const container = document.createElement('div');
    container.innerHTML = GUEST_HTML;
    const serverNodes = [...container.querySelectorAll('li a')];
    cardRenders = 0;
    cardsAtFrameCommit = undefined;
    const errors: unknown[] = [];
    await hydrateInSlices(() => hydrateRoot(container, <Page session={guestSession()} />, { onRecoverableError: (e) => errors.push(e) }));
    // The frame was committed before any card rendered; once settled, every card is hydrated.
    expect(cardsAtFrameCommit).toBe(0);
    expect(cardRenders).toBe(3);
    expect(errors).toEqual([]);
    expect(container.innerHTML).toBe(GUEST_HTML);
    // The same nodes, not new ones.
    expect([...container.querySelectorAll('li a')]).toEqual(serverNodes);
  });

  it('shows the state that changed before a slice was hydrated, attributes included', async () => {
    const container = document.createElement('div');
    container.innerHTML = GUEST_HTML;
    const firstLink = container.querySelector('li a');
    const session = guestSession();
    const errors: unknown[] = [];
    const done = hydrateInSlices(() => hydrateRoot(container, <Page session={session} />, { onRecoverableError: (e) => errors.push(e) }));
    session.signIn();
    await done;
    // The update is rendered once the slices are hydrated.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(errors).toEqual([]);
    expect(container.innerHTML).toBe(SIGNED_IN_HTML);
    expect(container.querySelector('li a')).toBe(firstLink);
  });

  it('renders its child at once outside a first hydration', () => {
    expect(GUEST_HTML).toContain('Inicia sesión para ver precios');
    expect(SIGNED_IN_HTML).toContain('Agregar');
  });
});
