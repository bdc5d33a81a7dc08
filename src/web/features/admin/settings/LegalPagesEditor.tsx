// 'Páginas legales' (issue 24): title and text of /terminos, /privacidad and
// /cambios-y-devoluciones, with a preview rendered exactly as the storefront renders it.
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { LEGAL_PAGE_LABELS, LEGAL_SLUGS, type LegalPageDto, type LegalSlug } from '../../../../domain/legal';
import { LEGAL_BODY_MAX, legalPageSchema, type LegalPageInput } from '../../../../domain/legal-schemas';
import { Markdown } from '../../../components/Markdown';
import { errorMessage, formatDateTime } from '../lib/format';
import { Panel } from '../ui/PageHeader';
import { SettingsSubmit, useSettingsForm } from './settings-form';
import { useAdminLegalPage, useSaveLegalPage } from './legal-api';
import { TextAreaField, TextField } from '../../../components/ui/fields';
import { ErrorState, LoadingState } from '../../../components/ui/states';

const TITLE = 'Páginas legales';
const FIELDS = ['title', 'body'] as const;
const toFields = (page: LegalPageDto | undefined): LegalPageInput => ({ title: page?.title ?? '', body: page?.body ?? '' });

export function LegalPagesEditor() {
  const [slug, setSlug] = useState<LegalSlug>('terminos');
  return (
    <Panel
      title={TITLE}
      description="Mientras no las edites, la tienda muestra un texto base según la ley argentina. Revísalo con tu asesor."
    >
      <div role="tablist" aria-label="Página a editar" className="mb-4 flex flex-wrap gap-2">
        {LEGAL_SLUGS.map((s) => (
          <button
            key={s}
            type="button"
            role="tab"
            aria-selected={s === slug}
            onClick={() => setSlug(s)}
            className={`rounded-lg px-3 py-1.5 text-sm font-medium transition ${
              s === slug ? 'bg-brand-700 text-white' : 'bg-stone-100 text-stone-700 hover:bg-stone-200'
            }`}
          >
            {LEGAL_PAGE_LABELS[s]}
          </button>
        ))}
      </div>
      <LegalPageForm key={slug} slug={slug} />
    </Panel>
  );
}

function LegalPageForm({ slug }: { slug: LegalSlug }) {
  const page = useAdminLegalPage(slug);
  const save = useSaveLegalPage(slug);
  const { form, onSubmit, flash, field } = useSettingsForm({
    data: page.data,
    fields: FIELDS,
    schema: legalPageSchema,
    toFields,
    save,
    savedMessage: 'Página guardada',
    failedMessage: 'Error al guardar la página',
  });
  const {
    control,
    formState: { isDirty },
  } = form;
  const body = useWatch({ control, name: 'body' });
  // A page never saved shows the base text: saving it as it is confirms the owner reviewed it
  // (the 'Primeros pasos' step counts the pages saved).
  const confirmsBaseText = !page.data?.updated_at && !isDirty;

  if (page.isPending) return <LoadingState label="Cargando la página..." />;
  if (page.isError)
    return (
      <ErrorState
        title="Error al cargar la página"
        detail={errorMessage(page.error, '')}
        onRetry={() => void page.refetch()}
        retrying={page.isFetching}
      />
    );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={`Editar ${LEGAL_PAGE_LABELS[slug]}`}>
      <p className="text-xs text-stone-500">
        {page.data.updated_at
          ? `Editada el ${formatDateTime(page.data.updated_at)}.`
          : 'Texto base: todavía no la editaste. Si te sirve como está, confírmalo.'}{' '}
        <a href={`/${slug}`} target="_blank" rel="noopener noreferrer" className="font-medium text-brand-800 hover:underline">
          Ver en la tienda
        </a>
      </p>
      <TextField label="Título" autoComplete="off" {...field('title')} />
      <div className="grid gap-4 @4xl:grid-cols-2">
        <TextAreaField
          label="Texto"
          rows={18}
          maxLength={LEGAL_BODY_MAX}
          hint="Formato: ## Título, - lista, 1. lista numerada, **negrita**, [texto](https://enlace). No se permite HTML."
          {...field('body')}
        />
        <div>
          <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-stone-500">Vista previa</p>
          <div className="max-h-[28rem] overflow-y-auto rounded-lg border border-stone-200 bg-stone-50 p-3 text-sm">
            <Markdown source={body ?? ''} />
          </div>
        </div>
      </div>
      <SettingsSubmit flash={flash.message} saving={save.isPending} failed={save.isError} dirty={isDirty || confirmsBaseText}>
        {confirmsBaseText ? 'Confirmar texto base' : 'Guardar página'}
      </SettingsSubmit>
    </form>
  );
}
