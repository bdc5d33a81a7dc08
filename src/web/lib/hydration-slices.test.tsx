// @vitest-environment happy-dom
// Slices of a server-rendered page are hydrated in later tasks, and a slice whose turn comes after
// the state changed shows the new state, attributes included, on the server's own nodes.
import { useSyncExternalStore } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { HydrationSlice, hydrateInSlices } from './hydration-slices';

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

type Session = ReturnType<typeof createSession>;
let cardRenders = 0;

function Card({ session, id }: { session: Session; id: number }) {
  cardRenders++;
  const signedIn = useSyncExternalStore(session.subscribe, session.get);
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
  const signedIn = useSyncExternalStore(session.subscribe, session.get);
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

// Rendered before any hydration starts: during one, a slice anywhere in this document waits its turn.
const GUEST_HTML = serverHtml(false);
const SIGNED_IN_HTML = serverHtml(true);

function serverHtml(signedIn: boolean) {
  const session = createSession();
  if (signedIn) session.signIn();
  return renderToString(<Page session={session} />);
}

describe('hydration in slices', () => {
  it('leaves each slice with the server HTML for a later task, then hydrates it', async () => {
    const container = document.createElement('div');
    container.innerHTML = GUEST_HTML;
    const serverNodes = [...container.querySelectorAll('li a')];
    cardRenders = 0;
    const done = hydrateInSlices(() => hydrateRoot(container, <Page session={createSession()} />));
    // The first task hydrated the page's frame only; the cards wait with the server's nodes.
    expect(cardRenders).toBe(0);
    expect(container.innerHTML).toBe(GUEST_HTML);
    await done;
    expect(cardRenders).toBe(3);
    expect(container.innerHTML).toBe(GUEST_HTML);
    // The same nodes, not new ones.
    expect([...container.querySelectorAll('li a')]).toEqual(serverNodes);
  });

  it('shows the state that changed before a slice was hydrated, attributes included', async () => {
    const container = document.createElement('div');
    container.innerHTML = GUEST_HTML;
    const firstLink = container.querySelector('li a');
    const session = createSession();
    const done = hydrateInSlices(() => hydrateRoot(container, <Page session={session} />));
    session.signIn();
    await done;
    expect(container.innerHTML).toBe(SIGNED_IN_HTML);
    expect(container.querySelector('li a')).toBe(firstLink);
  });

  it('renders its child at once outside a first hydration', () => {
    expect(GUEST_HTML).toContain('Inicia sesión para ver precios');
    expect(SIGNED_IN_HTML).toContain('Agregar');
  });
});
