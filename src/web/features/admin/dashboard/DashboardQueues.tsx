// What needs doing, on 'Inicio': orders by stage (the pipeline), pending orders by age, and the
// blisters low on stock or sold out.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { DashboardDto, Pipeline } from '../../../../domain/dashboard';
import { formatArs, formatDate } from '../lib/format';
import { Panel } from '../ui/PageHeader';
import { Badge } from '../../../components/ui/Badge';
import { WarningIcon } from '../../../components/ui/admin-icons';
import { Empty, integer } from './figures';

const PIPELINE: { key: keyof Pipeline; label: string; hint: [string, string]; to: string; tone: string }[] = [
  {
    key: 'to_collect',
    label: 'Por cobrar',
    hint: ['pedido espera el pago', 'pedidos esperan el pago'],
    to: '/admin/pedidos?status=pending&stage=awaiting_payment',
    tone: 'text-amber-800',
  },
  {
    key: 'to_ship',
    label: 'Por enviar',
    hint: ['pedido pagado', 'pedidos pagados'],
    to: '/admin/pedidos?status=pending&stage=paid',
    tone: 'text-brand-800',
  },
  {
    key: 'in_transit',
    label: 'En camino',
    hint: ['pedido enviado', 'pedidos enviados'],
    to: '/admin/pedidos?status=pending&stage=shipped',
    tone: 'text-stone-900',
  },
  {
    key: 'refunds_owed',
    label: 'Reembolsos pendientes',
    hint: ['pedido cancelado a devolver', 'pedidos cancelados a devolver'],
    to: '/admin/pedidos?status=cancelled',
    tone: 'text-red-700',
  },
];

/** Where the open orders stand: what to collect, to ship, on its way, and money owed back. */
export function PipelineStrip({ pipeline }: { pipeline: Pipeline }) {
  return (
    <section aria-labelledby="dashboard-pipeline" className="min-w-0">
      <h2 id="dashboard-pipeline" className="mb-2 text-sm font-semibold text-stone-900">
        Pedidos en curso
      </h2>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {PIPELINE.map(({ key, label, hint, to, tone }) => (
          <li key={key} className="min-w-0">
            <Link
              to={to}
              className="block h-full rounded-xl border border-stone-200 bg-white p-3 shadow-xs transition hover:border-brand-600 hover:bg-brand-50"
            >
              <span className="block text-xs font-medium uppercase tracking-wide text-stone-500">{label}</span>
              <span className={`mt-1 block truncate text-xl font-bold tabular-nums ${tone}`}>{formatArs(pipeline[key].amount)}</span>
              <span className="block text-xs text-stone-600">
                {integer.format(pipeline[key].orders)} {hint[pipeline[key].orders === 1 ? 0 : 1]}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function PendingPanel({ data }: { data: DashboardDto }) {
  const aging = data.pending_aging;
  const tiles = [
    { label: 'Menos de 1 día', value: aging.under_1_day, tone: 'text-stone-900' },
    { label: 'De 1 a 3 días', value: aging.from_1_to_3_days, tone: 'text-amber-800' },
    { label: 'Más de 3 días', value: aging.over_3_days, tone: 'text-red-700' },
  ];
  return (
    <Panel title="Esperando el pago" description={`${integer.format(aging.total)} sin pagar, por antigüedad`}>
      <ul className="grid grid-cols-3 gap-2">
        {tiles.map((tile) => (
          <li key={tile.label}>
            <Link
              to="/admin/pedidos?status=pending&stage=awaiting_payment"
              className="block h-full rounded-lg border border-stone-200 p-2 text-center transition hover:border-brand-600 hover:bg-brand-50"
            >
              <span className={`block text-2xl font-bold tabular-nums ${tile.tone}`}>{integer.format(tile.value)}</span>
              <span className="block text-xs text-stone-600">{tile.label}</span>
            </Link>
          </li>
        ))}
      </ul>
      <Link
        to="/admin/pedidos?status=pending&stage=awaiting_payment"
        className={`mt-3 flex items-center gap-2 rounded-lg p-2 text-sm transition ${
          aging.expiring_24h > 0 ? 'bg-red-50 text-red-800 hover:underline' : 'bg-stone-50 text-stone-600 hover:underline'
        }`}
      >
        <WarningIcon size={16} className="shrink-0" />
        <span>
          <strong className="tabular-nums">{integer.format(aging.expiring_24h)}</strong> {aging.expiring_24h === 1 ? 'vence' : 'vencen'} en
          las próximas 24 h (se cancelan a los {aging.expiry_days} días)
        </span>
      </Link>
    </Panel>
  );
}

function StockRow({
  productId,
  name,
  brand,
  seedCount,
  children,
}: {
  productId: number;
  name: string;
  brand?: string | null;
  seedCount: number;
  children: ReactNode;
}) {
  return (
    <li className="flex items-center gap-2 py-2">
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-stone-900">{name}</p>
        <p className="text-xs text-stone-500">
          {brand && `${brand} · `}
          {seedCount} {seedCount === 1 ? 'semilla' : 'semillas'}
          {children}
        </p>
      </div>
      <Link
        to={`/admin/productos/editar/${productId}`}
        className="shrink-0 rounded-lg px-2 py-1 text-xs font-semibold text-brand-800 hover:bg-brand-50"
        aria-label={`Editar ${name}, ${seedCount} semillas`}
      >
        Editar
      </Link>
    </li>
  );
}

/** Rows the low-stock card shows whole; the link lists every one. */
const LOW_STOCK_CARD_ROWS = 8;

export function LowStockPanel({ data }: { data: DashboardDto }) {
  const rows = data.low_stock.slice(0, LOW_STOCK_CARD_ROWS);
  const shown = rows.length;
  return (
    <Panel
      title="Stock bajo"
      description={
        <>
          Menos de {data.low_stock_threshold} unidades ·{' '}
          <Link to="/admin/configuracion" className="underline hover:text-stone-900">
            cambiar el umbral
          </Link>
        </>
      }
    >
      {shown === 0 ? (
        <Empty>Ninguna presentación con stock bajo.</Empty>
      ) : (
        <>
          <ul className="divide-y divide-stone-100">
            {rows.map((item) => (
              <StockRow key={item.blister_id} productId={item.product_id} name={item.name} brand={item.brand} seedCount={item.seed_count}>
                {' · '}
                <Badge tone={item.stock <= 1 ? 'danger' : 'warning'}>Stock: {item.stock}</Badge>
              </StockRow>
            ))}
          </ul>
          <p className="mt-2 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 text-xs text-stone-600">
            {data.low_stock_total > shown && (
              <span>
                Mostrando {integer.format(shown)} de {integer.format(data.low_stock_total)}, las de menos stock primero.
              </span>
            )}
            <Link to="/admin/productos?stock=low-stock&availability=available" className="font-semibold text-brand-800 hover:underline">
              Ver productos con stock bajo
            </Link>
          </p>
        </>
      )}
    </Panel>
  );
}

export function SoldOutPanel({ data }: { data: DashboardDto }) {
  return (
    <Panel title="Sin stock y con ventas" description={`Pedidas en los últimos ${data.breakdown_days} días: conviene reponerlas`}>
      {data.out_of_stock_selling.length === 0 ? (
        <Empty>Ninguna presentación agotada con ventas recientes.</Empty>
      ) : (
        <ul className="max-h-64 divide-y divide-stone-100 overflow-y-auto">
          {data.out_of_stock_selling.map((item) => (
            <StockRow key={item.blister_id} productId={item.product_id} name={item.name} seedCount={item.seed_count}>
              {` · ${integer.format(item.units)} vendidas · último pedido ${formatDate(item.last_ordered_at)}`}
            </StockRow>
          ))}
        </ul>
      )}
    </Panel>
  );
}
