// What a route group shows when one of its pages fails to load or to render: a Spanish message
// and two ways out (try again, or go back to the group's start), in place of a blank app. The
// storefront, the account and the admin each have one (routes.tsx), so a failure in one page leaves
// the frame around it (header, footer) working.
import { useEffect, useRef } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { buttonClass } from './ui/Button';
import { jumpTo } from '../lib/navigation';

/** A page's code that could not be downloaded: usually a new version of the site or a lost connection. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Loading chunk/i.test(
    message,
  );
}

export function routeErrorMessage(error: unknown): { title: string; detail: string } {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return { title: 'No encontramos esta página', detail: 'Puede que el enlace esté mal escrito o que la página ya no exista.' };
  }
  if (isChunkLoadError(error)) {
    return {
      title: 'No pudimos cargar esta página',
      detail: 'Puede que se haya cortado la conexión o que haya una versión nueva del sitio. Prueba de nuevo.',
    };
  }
  return {
    title: 'Algo salió mal al mostrar esta página',
    detail: 'Lo que ya estaba guardado no se perdió. Prueba de nuevo en un momento.',
  };
}

interface RouteErrorProps {
  /** Where "back" leads: the start of the route group. */
  home: string;
  homeLabel: string;
}

export function RouteError({ home, homeLabel }: RouteErrorProps) {
  const error = useRouteError();
  const { title, detail } = routeErrorMessage(error);

  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    console.error(error);
    // The link followed may have been far down (the footer's): the message is read from the top.
    heading.current?.focus({ preventScroll: true });
    jumpTo(0);
  }, [error]);

  return (
    <section role="alert" className="mx-auto flex max-w-lg flex-col items-center px-4 py-16 text-center">
      <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold text-stone-900 focus:outline-none">
        {title}
      </h1>
      <p className="mt-3 text-stone-700">{detail}</p>
      <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        {/* A full load: it fetches the current version of the site's code too. */}
        <button type="button" className={buttonClass('primary')} onClick={() => window.location.reload()}>
          Reintentar
        </button>
        <Link to={home} reloadDocument className={buttonClass('secondary')}>
          {homeLabel}
        </Link>
      </div>
    </section>
  );
}
