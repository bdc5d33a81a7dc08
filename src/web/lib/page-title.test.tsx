// @vitest-environment happy-dom
// A page's title is rendered in the page: in the head in the browser, left out of the server's
// render (the server writes the head), and the hydration of a server page passes over it.
import { flushSync } from 'react-dom';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageTitle } from './page-title';

const Contact = ({ title = 'Contacto' }: { title?: string }) => (
  <main>
    <PageTitle>{title}</PageTitle>
    <h1>Contacto</h1>
  </main>
);

/** The page as the server renders it, where there is no document. */
function serverHtml() {
  vi.stubGlobal('document', undefined);
  try {
    return renderToString(<Contact />);
  } finally {
    vi.unstubAllGlobals();
  }
}

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('PageTitle', () => {
  it("is left out of the server's render", () => {
    expect(serverHtml()).toBe('<main><h1>Contacto</h1></main>');
  });

  it('takes over the head title of a server page without a hydration error, and follows the page', () => {
    document.head.innerHTML = '<title>Contacto - Semillas del Sur</title>';
    const container = document.createElement('div');
    container.innerHTML = serverHtml();
    document.body.append(container);
    const heading = container.querySelector('h1');
    const errors: unknown[] = [];
    let root!: ReturnType<typeof hydrateRoot>;
    flushSync(() => (root = hydrateRoot(container, <Contact />, { onRecoverableError: (error) => errors.push(error) })));
    expect(errors).toEqual([]);
    expect(container.querySelector('h1')).toBe(heading);
    expect(container.querySelector('title')).toBeNull();
    expect(document.title).toBe('Contacto - Semillas del Sur');
    expect(document.querySelectorAll('title')).toHaveLength(1);

    flushSync(() => root.render(<Contact title="Escríbenos" />));
    expect(document.title).toBe('Escríbenos - Semillas del Sur');
    expect(document.querySelectorAll('title')).toHaveLength(1);
    flushSync(() => root.unmount());
    expect(document.querySelectorAll('title')).toHaveLength(0);
  });
});
