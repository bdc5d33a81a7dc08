// /terminos, /privacidad and /cambios-y-devoluciones: the shop's text (its default until the
// owner edits it), rendered from the safe Markdown subset.
import { Link } from 'react-router';
import { PageTitle } from '../../lib/page-title';
import { isLegalSlug, LEGAL_PAGE_LABELS, type LegalSlug } from '../../../domain/legal';
import { SHOP_TIME_ZONE } from '../../../domain/dates';
import { Markdown } from '../../components/Markdown';
import { Alert } from '../../components/ui/Alert';
import type { PageData } from '../../lib/page-data';
import { legalPageQuery, useLegalPage } from './api';

const dateFormat = new Intl.DateTimeFormat('es-AR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: SHOP_TIME_ZONE,
});

/** The text of the page at the route table's path, its slug. */
export const pageData: PageData = async ({ queryClient, path }) => {
  if (isLegalSlug(path)) await queryClient.prefetchQuery(legalPageQuery(path));
};

function LegalPage({ slug }: { slug: LegalSlug }) {
  const page = useLegalPage(slug);
  const title = page.data?.title ?? LEGAL_PAGE_LABELS[slug];
  return (
    <article className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <PageTitle>{title}</PageTitle>
      <p className="text-xs font-semibold uppercase tracking-widest text-brand-700">Información legal</p>
      <h1 className="mt-1 text-2xl font-extrabold tracking-tight text-stone-900 sm:text-3xl">{title}</h1>
      {page.data?.updated_at && (
        <p className="mt-2 text-sm text-stone-500">Última actualización: {dateFormat.format(new Date(page.data.updated_at))}</p>
      )}
      <div className="mt-6 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8">
        {page.data ? (
          <Markdown source={page.data.body} />
        ) : page.isError ? (
          <Alert tone="error" title="No pudimos cargar esta página">
            Intenta nuevamente en unos minutos.
          </Alert>
        ) : (
          <div className="space-y-3" aria-hidden="true">
            <div className="h-5 w-2/3 animate-pulse rounded bg-stone-200" />
            <div className="h-4 w-full animate-pulse rounded bg-stone-200" />
            <div className="h-4 w-5/6 animate-pulse rounded bg-stone-200" />
          </div>
        )}
      </div>
      <p className="mt-6 text-sm text-stone-600">
        ¿Quieres devolver una compra?{' '}
        <Link to="/arrepentimiento" className="font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900">
          Botón de arrepentimiento
        </Link>
        {' · '}
        <Link to="/contacto" className="font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900">
          Contacto
        </Link>
      </p>
    </article>
  );
}

export const TermsPage = () => <LegalPage slug="terminos" />;
export const PrivacyPage = () => <LegalPage slug="privacidad" />;
export const ReturnsPage = () => <LegalPage slug="cambios-y-devoluciones" />;
