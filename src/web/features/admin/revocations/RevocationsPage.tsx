// /admin/arrepentimientos: the requests sent through the 'Botón de arrepentimiento' (Res. SCI
// 424/2020), newest first, with the order they name when its number and e-mail matched one.
import { useState } from 'react';
import { Link } from 'react-router';
import { REVOCATION_DAYS } from '../../../../domain/legal';
import { formatDateTime } from '../lib/format';
import { useDebouncedValue } from '../lib/hooks';
import { PageHeader } from '../ui/PageHeader';
import { useRevocations } from './api';
import { Badge } from '../../../components/ui/Badge';
import { SearchField } from '../../../components/ui/fields';
import { EmptyState, ListStates, LoadMore } from '../../../components/ui/states';

const linkClass = 'font-medium text-brand-800 underline-offset-2 hover:underline';

export default function RevocationsPage() {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, 300);
  const list = useRevocations(debounced);
  const rows = list.data?.pages.flatMap((p) => p.results) ?? [];
  const count = list.data?.pages[0]?.count ?? 0;

  return (
    <>
      <PageHeader
        title="Arrepentimientos"
        subtitle={
          list.data
            ? `${count} ${count === 1 ? 'solicitud' : 'solicitudes'} de arrepentimiento`
            : `Pedidos de revocación de compras (Ley 24.240, art. 34: ${REVOCATION_DAYS} días)`
        }
      />
      <div className="mb-4 rounded-xl border border-stone-200 bg-white p-3 shadow-xs">
        <SearchField label="Buscar" value={search} onChange={setSearch} placeholder="Código, nombre, email o pedido" />
      </div>
      <ListStates
        query={list}
        count={rows.length}
        loadingLabel="Cargando solicitudes..."
        errorTitle="Error al cargar las solicitudes de arrepentimiento"
        empty={
          <EmptyState title={debounced ? 'Sin resultados' : 'Sin solicitudes'}>
            {debounced ? 'Ninguna solicitud coincide con la búsqueda.' : 'Las solicitudes del Botón de arrepentimiento aparecen aquí.'}
          </EmptyState>
        }
      >
        <ul className="grid gap-3">
          {rows.map((r) => (
            <li key={r.id} className="rounded-xl border border-stone-200 bg-white p-4 shadow-xs">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-mono text-sm font-bold text-stone-900">{r.code}</p>
                <p className="text-xs text-stone-500">{formatDateTime(r.created_at)}</p>
              </div>
              <p className="mt-1 break-words text-sm text-stone-800">
                <span className="font-medium">{r.name}</span> ·{' '}
                <a className={linkClass} href={`mailto:${r.email}?subject=${encodeURIComponent(`Solicitud de arrepentimiento ${r.code}`)}`}>
                  {r.email}
                </a>
              </p>
              <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-stone-700">
                Pedido indicado: {r.order_number}
                {r.order_id ? (
                  // Linked only when the typed number is the order's own: the page is addressed by it.
                  <Link className={linkClass} to={`/admin/pedidos/${Number(r.order_number)}`}>
                    Ver el pedido
                  </Link>
                ) : (
                  <Badge tone="warning">Sin pedido vinculado</Badge>
                )}
              </p>
              {r.reason && (
                <p className="mt-2 whitespace-pre-line break-words rounded-lg bg-stone-50 p-2 text-sm text-stone-700">{r.reason}</p>
              )}
            </li>
          ))}
        </ul>
        <LoadMore query={list} label="Ver más solicitudes" />
      </ListStates>
    </>
  );
}
