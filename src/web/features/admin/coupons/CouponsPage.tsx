// /admin/cupones (issue 24): the shop's discount codes with their uses and the revenue of the
// orders that used them; created, changed and deactivated here, never deleted once used.
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { couponValueLabel, type CouponDto, type CouponState } from '../../../../domain/coupons';
import { formatArs } from '../../../../domain/money';
import { errorMessage, formatDate } from '../lib/format';
import { PageHeader } from '../ui/PageHeader';
import { payloadOf, useCoupons, useSaveCoupon } from './api';
import { CouponFormModal } from './CouponFormModal';
import { Badge, type BadgeTone } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { PlusIcon } from '../../../components/ui/account-icons';
import { EmptyState, ListStates } from '../../../components/ui/states';

const STATE_TONES: Record<CouponState, BadgeTone> = {
  scheduled: 'info',
  active: 'success',
  expired: 'neutral',
  exhausted: 'warning',
  inactive: 'neutral',
};

function validity(coupon: CouponDto): string {
  if (coupon.starts_at && coupon.ends_at) return `Del ${formatDate(coupon.starts_at)} al ${formatDate(coupon.ends_at)}`;
  if (coupon.starts_at) return `Desde el ${formatDate(coupon.starts_at)}`;
  if (coupon.ends_at) return `Hasta el ${formatDate(coupon.ends_at)}`;
  return 'Sin fecha de fin';
}

export default function CouponsPage() {
  const list = useCoupons();
  const save = useSaveCoupon();
  // null: closed; 'new': a new coupon; a coupon: editing it.
  const [editing, setEditing] = useState<CouponDto | 'new' | null>(null);
  const coupons = list.data?.results ?? [];

  function setActive(coupon: CouponDto, active: boolean) {
    save.mutate(
      { id: coupon.id, body: payloadOf(coupon, { active }) },
      {
        onSuccess: () => toast.success(active ? `Cupón ${coupon.code} activado` : `Cupón ${coupon.code} desactivado`),
        onError: (error) => toast.error(errorMessage(error, 'Error al guardar el cupón')),
      },
    );
  }

  return (
    <>
      <PageHeader
        title="Cupones"
        subtitle="Códigos de descuento para compartir: porcentaje, monto fijo o envío gratis."
        actions={
          <Button onClick={() => setEditing('new')}>
            <PlusIcon size={16} />
            Nuevo cupón
          </Button>
        }
      />
      <ListStates
        query={list}
        count={coupons.length}
        loadingLabel="Cargando cupones..."
        errorTitle="Error al cargar los cupones"
        empty={<EmptyState title="Sin cupones">Crea el primero con "Nuevo cupón".</EmptyState>}
      >
        <ul className="grid gap-3 lg:grid-cols-2" aria-label="Cupones">
          {coupons.map((coupon) => (
            <li key={coupon.id} className="rounded-xl border border-stone-200 bg-white p-4 shadow-xs" aria-label={`Cupón ${coupon.code}`}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="break-all font-mono text-base font-bold text-stone-900">{coupon.code}</p>
                <Badge tone={STATE_TONES[coupon.state]}>{coupon.state_display}</Badge>
              </div>
              <p className="mt-1 text-sm text-stone-800">
                {couponValueLabel(coupon)}
                {coupon.min_subtotal > 0 && ` · compra mínima ${formatArs(coupon.min_subtotal)}`}
                {coupon.first_order_only && ' · solo primera compra'}
              </p>
              <p className="mt-1 text-xs text-stone-600">{validity(coupon)}</p>
              <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
                <div>
                  <dt className="text-xs text-stone-500">Usos</dt>
                  <dd className="font-semibold tabular-nums text-stone-900">
                    {coupon.uses}
                    {coupon.max_uses !== null && ` de ${coupon.max_uses}`}
                  </dd>
                </div>
                <div>
                  <dt className="text-xs text-stone-500">Ventas con el cupón</dt>
                  <dd className="font-semibold tabular-nums text-stone-900">{formatArs(coupon.revenue)}</dd>
                </div>
              </dl>
              <div className="mt-3 flex flex-wrap gap-2 border-t border-stone-100 pt-3">
                <Button size="sm" variant="secondary" onClick={() => setEditing(coupon)}>
                  Editar
                </Button>
                <Button
                  size="sm"
                  variant={coupon.active ? 'ghostDanger' : 'ghost'}
                  onClick={() => setActive(coupon, !coupon.active)}
                  disabled={save.isPending}
                >
                  {coupon.active ? 'Desactivar' : 'Activar'}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </ListStates>
      {editing !== null && <CouponFormModal coupon={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </>
  );
}
