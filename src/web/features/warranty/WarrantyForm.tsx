// The germination warranty claim form (spec accounts-admin §2 warranty, §5, §8 warranty): guests
// give name and e-mail; customers choose an eligible order and one of its products, or describe
// a purchase made elsewhere. Photos are uploaded through /api/uploads/ when the claim is sent.
// The state lives in useClaimForm; the purchase fields in PurchaseFields.
import type { ReactNode } from 'react';
import { WARRANTY_DESCRIPTION_MIN, WARRANTY_SUCCESS_MESSAGE } from '../../../domain/warranty';
import { SectionLoader } from '../../components/PageLoader';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { TextAreaField, TextField } from '../../components/ui/fields';
import type { SessionUser } from '../../lib/session';
import { PhotoPicker } from './PhotoPicker';
import { ClaimantFields, OrderFields, OutsidePurchaseFields, PurchaseTypeChoice } from './PurchaseFields';
import { type ClaimForm, useClaimForm } from './use-claim-form';

/** `headingLevel`: the level of the form's card titles, one below the page's own heading. */
export function WarrantyForm({
  user,
  onSubmitted,
  headingLevel = 'h3',
}: {
  user: SessionUser | null;
  onSubmitted?: () => void;
  headingLevel?: 'h2' | 'h3';
}) {
  const form = useClaimForm({ user, onSubmitted });
  const { guest, purchaseType, summary } = form;

  if (form.loadingOrders) return <SectionLoader label="Cargando tus pedidos..." />;

  return (
    <form onSubmit={form.submit} noValidate className="space-y-5" aria-label="Solicitud de garantía">
      {form.sent && guest && (
        <Alert tone="success" title={WARRANTY_SUCCESS_MESSAGE}>
          Te escribiremos al correo que indicaste.
        </Alert>
      )}

      {!guest && (
        <FormCard as={headingLevel} title="Tipo de compra">
          <PurchaseTypeChoice form={form} />
        </FormCard>
      )}

      <FormCard as={headingLevel} title={guest ? 'Tus datos' : 'Datos de la compra'}>
        <div className="grid gap-4 sm:grid-cols-2">
          <ClaimantFields form={form} />
          {purchaseType === 'with-order' ? <OrderFields form={form} /> : <OutsidePurchaseFields form={form} />}
        </div>
      </FormCard>

      <FormCard as={headingLevel} title="El problema">
        <ProblemFields form={form} />
      </FormCard>

      {summary.length > 0 && (
        <Alert tone="error" title="Por favor corrige los siguientes errores:">
          <ul className="list-disc space-y-0.5 pl-5">
            {summary.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </Alert>
      )}

      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-stone-600">La garantía cubre únicamente la germinación inicial y no reemplaza plántulas.</p>
        <Button type="submit" loading={form.sending} loadingText="Enviando..." disabled={form.invalid} className="sm:min-w-48">
          Enviar solicitud
        </Button>
      </div>
    </form>
  );
}

function FormCard({ as: Heading, title, children }: { as: 'h2' | 'h3'; title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6">
      <Heading className="mb-4 text-base font-semibold text-stone-900">{title}</Heading>
      {children}
    </section>
  );
}

function ProblemFields({ form }: { form: ClaimForm }) {
  const { today, purchaseType, fill, values, set, touch, errorOf } = form;
  return (
    <div className="space-y-4">
      <TextField
        label="Fecha de germinación"
        type="date"
        max={today}
        min={purchaseType === 'with-order' ? fill.purchase_date || undefined : values.purchase_date || undefined}
        value={values.germination_date}
        onChange={(e) => set('germination_date', e.target.value)}
        onBlur={() => touch('germination_date')}
        error={errorOf('germination_date')}
        className="sm:max-w-xs"
      />
      <TextAreaField
        label="Descripción del problema"
        value={values.description}
        onChange={(e) => set('description', e.target.value)}
        onBlur={() => touch('description')}
        error={errorOf('description')}
        hint={`Cuéntanos cómo germinaste las semillas y qué pasó (mínimo ${WARRANTY_DESCRIPTION_MIN} caracteres).`}
        maxLength={5000}
        rows={5}
      />
      <PhotoPicker photos={form.photos} onChange={form.changePhotos} error={errorOf('photos')} disabled={form.sending} />
    </div>
  );
}
