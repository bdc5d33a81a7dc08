// /admin/usuarios/:id (spec accounts-admin §2 admin user detail): the user's card and their
// orders. Also opened with an `email` query: once found, the URL becomes the id-based one. A
// failure at mount goes back to the list after 2 seconds.
import { ROLE_LABELS } from '../../../../domain/staff-roles';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from '../../../lib/toast';
import type { OrderDto } from '../../../../domain/orders';
import { ApiError } from '../../../lib/api';
import { OrderStatusBadge } from '../ui/OrderStatusBadge';
import { formatArs, formatDateTime } from '../lib/format';
import { PageHeader } from '../ui/PageHeader';
import { findUserIdByEmail, useUserDetail } from './api';
import { Thumbnail } from '../../../components/Thumbnail';
import { Badge } from '../../../components/ui/Badge';
import { ArrowLeftIcon } from '../../../components/ui/account-icons';
import { ClipboardIcon } from '../../../components/ui/admin-icons';
import { LoadingState } from '../../../components/ui/states';

const LOAD_ERROR = 'Error al cargar la información del usuario. Por favor, inténtalo de nuevo.';
const BACK_TO_LIST_MS = 2000;

/** The user id from the path, or from the `email` query (looked up once). */
function useUserId(): { id?: number; error?: string } {
  const params = useParams();
  const [search] = useSearchParams();
  const email = search.get('email')?.trim() || '';
  const pathId = params.id && /^\d{1,9}$/.test(params.id) ? Number(params.id) : undefined;
  const [found, setFound] = useState<{ id?: number; error?: string }>({});

  useEffect(() => {
    if (!email) return;
    const controller = new AbortController();
    findUserIdByEmail(email, controller.signal).then(
      (id) => setFound(id ? { id } : { error: 'No se encontró un usuario con ese email' }),
      (e: unknown) =>
        !controller.signal.aborted && setFound({ error: e instanceof ApiError ? e.message : 'Error al buscar el usuario por email' }),
    );
    return () => controller.abort();
  }, [email]);

  if (email) return found;
  return pathId ? { id: pathId } : { error: 'No se proporcionó un ID de usuario válido' };
}

export default function UserDetailPage() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { id, error: lookupError } = useUserId();
  const detail = useUserDetail(id);
  const failed = !!lookupError || detail.isError;
  const warned = useRef(false);

  // The e-mail variant becomes the id-based URL without the query.
  useEffect(() => {
    if (detail.data && search.has('email')) void navigate(`/admin/usuarios/${detail.data.user.id}`, { replace: true });
  }, [detail.data, search, navigate]);

  useEffect(() => {
    if (!failed) return;
    if (!warned.current) toast.error('No se pudo cargar el usuario, regresando a la lista', { description: lookupError });
    warned.current = true;
    const timer = setTimeout(() => void navigate('/admin/usuarios', { replace: true }), BACK_TO_LIST_MS);
    return () => clearTimeout(timer);
  }, [failed, lookupError, navigate]);

  const back = (
    <Link
      to="/admin/usuarios"
      className="mb-2 inline-flex items-center gap-1.5 text-sm font-medium text-brand-800 hover:text-brand-950 hover:underline"
    >
      <ArrowLeftIcon size={16} />
      Volver a la lista de usuarios
    </Link>
  );

  if (failed) {
    return (
      <>
        <PageHeader title="Detalle del usuario" back={back} />
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          <p className="font-semibold">{LOAD_ERROR}</p>
          <p className="mt-1">{lookupError ?? 'No se pudo cargar el usuario, regresando a la lista'}</p>
        </div>
      </>
    );
  }
  if (!detail.data) {
    return (
      <>
        <PageHeader title="Detalle del usuario" back={back} />
        <LoadingState label="Cargando información del usuario..." />
      </>
    );
  }

  const { user, orders } = detail.data;
  const name = `${user.first_name} ${user.last_name}`.trim();
  return (
    <>
      <PageHeader title="Detalle del usuario" back={back} />
      <div className="grid gap-5 lg:grid-cols-[20rem_1fr] lg:items-start">
        <Card title="Información del Usuario">
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="text-lg font-semibold text-stone-900">{name || user.username}</p>
              <p className="text-sm text-stone-600">@{user.username}</p>
            </div>
            {user.role ? <Badge tone="info">{ROLE_LABELS[user.role]}</Badge> : <Badge tone="neutral">Usuario</Badge>}
          </div>
          <dl className="mt-4 divide-y divide-stone-100 text-sm">
            <Info label="Email">{user.email}</Info>
            {user.instagram && <Info label="Instagram">{user.instagram}</Info>}
            <Info label="ID de usuario">{user.id}</Info>
            <Info label="Total de pedidos">{user.orders_count}</Info>
          </dl>
        </Card>

        <Card title="Pedidos del Usuario">
          {orders.length === 0 ? (
            <div className="flex flex-col items-center gap-1 py-10 text-center">
              <ClipboardIcon size={32} className="text-stone-400" />
              <p className="font-semibold text-stone-800">Sin pedidos</p>
              <p className="text-sm text-stone-600">Este usuario aún no ha realizado ningún pedido.</p>
            </div>
          ) : (
            <ul className="space-y-3">
              {orders.map((order) => (
                <li key={order.id}>
                  <UserOrder order={order} />
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </>
  );
}

/** A titled card, named by its heading for screen readers. */
function Card({ title, children }: { title: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-xl border border-stone-200 bg-white shadow-xs">
      <h2 id={id} className="border-b border-stone-200 px-4 py-3 text-sm font-semibold text-stone-900">
        {title}
      </h2>
      <div className="p-4">{children}</div>
    </section>
  );
}

function Info({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-3 py-2">
      <dt className="text-stone-500">{label}</dt>
      <dd className="min-w-0 break-words text-right font-medium text-stone-900">{children}</dd>
    </div>
  );
}

function UserOrder({ order }: { order: OrderDto }) {
  return (
    <article className="rounded-lg border border-stone-200 p-3" aria-labelledby={`user-order-${order.id}`}>
      <header className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h3 id={`user-order-${order.id}`} className="font-semibold text-stone-900">
            Pedido #{order.order_number}
          </h3>
          <p className="text-xs text-stone-500">{formatDateTime(order.created_at)}</p>
        </div>
        <OrderStatusBadge order={order} />
      </header>
      <ul className="mt-3 space-y-2">
        {order.order_products.map((line) => (
          <li key={line.id} className="flex items-center gap-3">
            <Thumbnail
              src={line.product_image}
              size={44}
              className="h-11 w-11 shrink-0 rounded-md border border-stone-200 bg-stone-50 object-cover"
            />
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium text-stone-900">{line.product_name}</p>
              <p className="text-xs text-stone-600">
                {line.quantity} x {formatArs(line.price_at_time)}
              </p>
            </div>
          </li>
        ))}
      </ul>
      <footer className="mt-3 flex items-center justify-between border-t border-stone-100 pt-2">
        <p className="text-sm">
          <span className="text-stone-500">Total: </span>
          <span className="font-semibold text-stone-900">{formatArs(order.total)}</span>
        </p>
        <Link
          to={`/admin/pedidos/${order.order_number}`}
          className="text-sm font-semibold text-brand-800 hover:text-brand-950 hover:underline"
        >
          Ver detalles
        </Link>
      </footer>
    </article>
  );
}
