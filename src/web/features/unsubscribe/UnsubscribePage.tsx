// /baja (issue 38): the unsubscribe link of a reminder e-mail opens this page, which asks before
// withdrawing the consent. No session needed: the link's signed token names the account.
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '../../lib/page-title';
import { api, ApiError } from '../../lib/api';
import { Alert } from '../../components/ui/Alert';
import { Button, buttonClass } from '../../components/ui/Button';

export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<{ kind: 'asking' | 'sending' } | { kind: 'done' | 'failed'; message: string }>({ kind: 'asking' });

  async function confirm() {
    setState({ kind: 'sending' });
    try {
      const answer = await api.post<{ message: string }>('/api/unsubscribe/', { token });
      setState({ kind: 'done', message: answer.message });
    } catch (e) {
      setState({ kind: 'failed', message: e instanceof ApiError ? e.message : 'No pudimos darte de baja. Intenta nuevamente.' });
    }
  }

  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <PageTitle>Dejar de recibir emails</PageTitle>
      <h1 className="text-2xl font-bold tracking-tight text-stone-900">Dejar de recibir emails</h1>
      {state.kind === 'done' ? (
        <div className="mt-6">
          <Alert tone="success" title={state.message}>
            Puedes volver a activarlos cuando quieras en Mi cuenta.
          </Alert>
          <Link to="/" className={buttonClass('secondary', 'mt-6')}>
            Volver a la tienda
          </Link>
        </div>
      ) : (
        <div className="mt-6 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6">
          <p className="text-stone-700">
            ¿Quieres dejar de recibir recordatorios y novedades por email? Seguirás recibiendo los emails de tus pedidos.
          </p>
          {state.kind === 'failed' && (
            <div className="mt-4">
              <Alert tone="error" title={state.message} />
            </div>
          )}
          <Button
            className="mt-5 w-full sm:w-auto"
            onClick={() => void confirm()}
            loading={state.kind === 'sending'}
            loadingText="Dando de baja..."
          >
            Sí, darme de baja
          </Button>
        </div>
      )}
    </div>
  );
}
