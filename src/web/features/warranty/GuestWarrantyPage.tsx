// /garantia: the warranty claim form for anyone (spec accounts-admin §1: anonymous visitors file
// claims with name and e-mail). A logged-in customer is sent to the account's warranty section,
// where the form knows their orders.
import { useEffect } from 'react';
import { Link, Navigate } from 'react-router';
import { PageLoader } from '../../components/PageLoader';
import { SHOP_NAME } from '../../components/site';
import { useSession } from '../../lib/session';
import { WarrantyForm } from './WarrantyForm';

export default function GuestWarrantyPage() {
  const { status, isAdmin } = useSession();

  useEffect(() => {
    document.title = `Solicitud de garantía - ${SHOP_NAME}`;
  }, []);

  if (status === 'loading') return <PageLoader />;
  if (status === 'authenticated' && !isAdmin) return <Navigate to="/mi-cuenta?section=warranty" replace />;

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <p className="text-xs font-semibold uppercase tracking-widest text-brand-700">Garantía de germinación</p>
      <h1 className="mt-1 text-2xl font-extrabold tracking-tight text-stone-900 sm:text-3xl">Solicitud de garantía</h1>
      <p className="mt-2 text-stone-600">
        Completa el formulario con fotos del problema y te responderemos en 48-72 horas hábiles. Antes, revisa la{' '}
        <Link to="/como-germinar" className="font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900">
          guía de germinación
        </Link>
        .
      </p>
      {status === 'anonymous' && (
        <p className="mt-3 rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-950">
          ¿Compraste en esta tienda?{' '}
          <Link to="/login?redirect=%2Fmi-cuenta%3Fsection%3Dwarranty" className="font-semibold underline underline-offset-2">
            Inicia sesión
          </Link>{' '}
          para elegir tu pedido.
        </p>
      )}
      <div className="mt-6">
        <WarrantyForm user={null} headingLevel="h2" />
      </div>
    </div>
  );
}
