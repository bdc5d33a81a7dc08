// An order whose customer pressed the 'Botón de arrepentimiento' (Res. SCI 424/2020): staff see
// the request, with its code, before doing anything else with the order.
import { Link } from 'react-router';
import { formatDateTime } from '../../../../domain/dates';
import type { OrderDto } from '../../../../domain/orders';
import { Alert } from '../../../components/ui/Alert';
import { useOrderRevocations } from './revocations-api';

export function RevocationNotice({ order }: { order: OrderDto }) {
  const { data } = useOrderRevocations(order.id);
  const requests = data?.results ?? [];
  if (requests.length === 0) return null;
  return (
    <Alert tone="error" title="Solicitud de arrepentimiento">
      <ul className="space-y-1">
        {requests.map((r) => (
          <li key={r.id} className="break-words">
            <strong>{r.code}</strong> · {formatDateTime(r.created_at)} · {r.name} (
            <a className="underline underline-offset-2" href={`mailto:${r.email}`}>
              {r.email}
            </a>
            ){r.reason ? `: ${r.reason}` : ''}
          </li>
        ))}
      </ul>
      <Link to="/admin/arrepentimientos" className="mt-1 inline-block font-semibold underline underline-offset-2">
        Ver todas las solicitudes
      </Link>
    </Alert>
  );
}
