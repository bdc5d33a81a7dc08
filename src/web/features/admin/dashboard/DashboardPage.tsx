// /admin ('Inicio'): the shop's first steps until they are all done, then how the shop is doing
// and what to restock. Figures for today, 7 and 30 days against the span before, daily revenue
// and orders, status, best sellers, types, pending orders by age and the blisters to restock.
import { useState } from 'react';
import { PRODUCT_TYPE_LABELS } from '../../../../domain/catalog-constants';
import {
  DASHBOARD_PERIODS,
  percentChange,
  type DailyPoint,
  type DashboardDto,
  type DashboardPeriod,
  type DashboardPeriodName,
} from '../../../../domain/dashboard';
import { orderStageLabel, type OrderStage } from '../../../../domain/order-lifecycle';
import { formatArs, formatDate, formatDateTime } from '../lib/format';
import { PageHeader, Panel } from '../ui/PageHeader';
import { useDashboard, useSetupChecklist } from './api';
import { BarChart, ColumnChart, formatArsAxis, Segmented, type BarItem } from '../ui/charts';
import { SetupChecklist } from './SetupChecklist';
import { Empty, integer, units } from './figures';
import { LowStockPanel, PendingPanel, PipelineStrip, SoldOutPanel } from './DashboardQueues';
import { CartRemindersPanel } from './CartRemindersPanel';
import { Button } from '../../../components/ui/Button';
import { RefreshIcon } from '../../../components/ui/admin-icons';
import { ErrorState, LoadingState } from '../../../components/ui/states';

const PERIOD_LABELS: Record<DashboardPeriodName, { label: string; heading: string; previous: string }> = {
  today: { label: 'Hoy', heading: 'Ventas de hoy', previous: 'ayer a esta hora' },
  last_7_days: { label: '7 días', heading: 'Ventas de los últimos 7 días', previous: 'los 7 días anteriores' },
  last_30_days: { label: '30 días', heading: 'Ventas de los últimos 30 días', previous: 'los 30 días anteriores' },
};

const STAGE_COLORS: Record<OrderStage, string> = {
  awaiting_payment: '#d97706',
  paid: '#0d9488',
  shipped: '#0284c7',
  delivered: '#16a34a',
  cancelled: '#78716c',
};
const TYPE_COLORS = { auto: '#0284c7', fem: '#db2777', reg: '#7c3aed' } as const;
const REVENUE_COLOR = '#16a34a';
const ORDERS_COLOR = '#0284c7';

const percent = new Intl.NumberFormat('es-AR', { maximumFractionDigits: 0 });

/** 'dd/mm' of a YYYY-MM-DD day, for the axis under a chart (the tables name the whole day). */
const tickOf = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`;
const share = (value: number, total: number) => (total > 0 ? ` (${percent.format((value / total) * 100)} %)` : '');

export default function DashboardPage() {
  const dashboard = useDashboard();
  const setup = useSetupChecklist();
  const [refreshing, setRefreshing] = useState(false);

  async function refresh() {
    setRefreshing(true);
    await Promise.all([dashboard.refetch(), setup.refetch()]);
    setRefreshing(false);
  }

  const data = dashboard.data;
  return (
    <>
      <PageHeader
        title="Inicio"
        subtitle={data ? `Resumen de la tienda · actualizado ${formatDateTime(data.generated_at)}` : 'Resumen de la tienda'}
        actions={
          <Button variant="secondary" onClick={refresh} loading={refreshing} loadingText="Actualizando...">
            <RefreshIcon size={16} />
            Actualizar
          </Button>
        }
      />
      <SetupChecklist />
      {dashboard.isPending ? (
        <LoadingState label="Cargando resumen..." />
      ) : !data ? (
        <ErrorState
          title="Error al cargar el resumen de la tienda"
          detail={dashboard.error?.message}
          onRetry={() => void dashboard.refetch()}
          retrying={dashboard.isFetching}
        />
      ) : (
        <Dashboard data={data} />
      )}
    </>
  );
}

function Dashboard({ data }: { data: DashboardDto }) {
  return (
    <div className="grid min-w-0 gap-4">
      <PipelineStrip pipeline={data.pipeline} />
      <Figures periods={data.periods} />
      <DailyPanel daily={data.daily} />
      <div className="grid min-w-0 gap-4 lg:grid-cols-2">
        <StatusPanel data={data} />
        <TypePanel data={data} />
        <TopProductsPanel data={data} />
        <TopBrandsPanel data={data} />
        <CouponPanel data={data} />
        <CartRemindersPanel />
      </div>
      <div className="grid min-w-0 gap-4 md:grid-cols-3">
        <PendingPanel data={data} />
        <LowStockPanel data={data} />
        <SoldOutPanel data={data} />
      </div>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// Figures

function Change({ current, previous, against }: { current: number; previous: number; against: string }) {
  const change = percentChange(current, previous);
  if (change === null) {
    return <p className="mt-1 text-xs text-stone-500">{current > 0 ? `Sin datos de ${against}` : `Igual que ${against}`}</p>;
  }
  const rounded = Math.round(change);
  const tone = rounded > 0 ? 'text-green-700' : rounded < 0 ? 'text-red-700' : 'text-stone-600';
  const arrow = rounded > 0 ? '↑' : rounded < 0 ? '↓' : '=';
  const words = rounded > 0 ? 'Subió' : rounded < 0 ? 'Bajó' : 'Sin cambios,';
  return (
    <p className="mt-1 text-xs text-stone-500">
      <span className={`font-semibold ${tone}`}>
        <span aria-hidden="true">{arrow} </span>
        <span className="sr-only">{words} </span>
        {percent.format(Math.abs(change))} %
      </span>{' '}
      vs. {against}
    </p>
  );
}

const FIGURES: {
  key: 'revenue' | 'collected' | 'orders' | 'average_order' | 'new_customers' | 'units';
  label: string;
  format: (n: number) => string;
}[] = [
  { key: 'revenue', label: 'Pedido', format: formatArs },
  { key: 'collected', label: 'Cobrado', format: formatArs },
  { key: 'orders', label: 'Pedidos', format: (n) => integer.format(n) },
  { key: 'average_order', label: 'Ticket promedio', format: formatArs },
  { key: 'new_customers', label: 'Clientes nuevos', format: (n) => integer.format(n) },
  { key: 'units', label: 'Unidades vendidas', format: (n) => integer.format(n) },
];

function Figures({ periods }: { periods: DashboardDto['periods'] }) {
  const [name, setName] = useState<DashboardPeriodName>('last_7_days');
  const period: DashboardPeriod = periods[name];
  const { previous: against } = PERIOD_LABELS[name];
  return (
    <section aria-labelledby="dashboard-figures" className="min-w-0">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h2 id="dashboard-figures" className="text-sm font-semibold text-stone-900">
          {PERIOD_LABELS[name].heading}
        </h2>
        <Segmented
          label="Período"
          value={name}
          onChange={setName}
          options={DASHBOARD_PERIODS.map((id) => ({ id, label: PERIOD_LABELS[id].label }))}
        />
      </div>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6">
        {FIGURES.map(({ key, label, format }) => (
          <li key={key} className="min-w-0 rounded-xl border border-stone-200 bg-white p-3 shadow-xs">
            <p className="text-xs font-medium uppercase tracking-wide text-stone-500">{label}</p>
            <p className="mt-1 truncate text-xl font-bold tabular-nums text-stone-900">{format(period[key])}</p>
            <Change current={period[key]} previous={period.previous[key]} against={against} />
            {key === 'revenue' && (
              <p className="mt-0.5 truncate text-xs text-stone-600">
                Envíos: <span className="font-semibold tabular-nums text-stone-800">{formatArs(period.shipping_total)}</span>
              </p>
            )}
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-stone-600">
        Pedido: productos de los pedidos no cancelados hechos en el período, sin el envío (Envíos: lo que esos pedidos cobran por
        enviarlos). Cobrado: pagos registrados en el período menos reembolsos. Clientes nuevos: cuentas creadas en el período. Hoy se
        compara con ayer hasta la misma hora.
      </p>
    </section>
  );
}

// ---------------------------------------------------------------------------------------------
// Daily series

function DailyPanel({ daily }: { daily: DailyPoint[] }) {
  const [days, setDays] = useState<'30' | '90'>('30');
  const shown = daily.slice(-Number(days));
  const revenue = shown.reduce((sum, d) => sum + d.revenue, 0);
  const shipping = shown.reduce((sum, d) => sum + d.shipping_total, 0);
  const orders = shown.reduce((sum, d) => sum + d.orders, 0);
  const best = shown.reduce<DailyPoint | null>((top, d) => (d.revenue > (top?.revenue ?? 0) ? d : top), null);
  const point = (d: DailyPoint, value: number) => ({ label: formatDate(d.date), tick: tickOf(d.date), value });
  const span = `los últimos ${days} días`;
  return (
    <Panel
      title="Ingresos y pedidos por día"
      description={`${formatArs(revenue)} en productos y ${formatArs(shipping)} de envíos, en ${integer.format(orders)} pedidos en ${span}`}
      actions={
        <Segmented
          label="Días"
          value={days}
          onChange={setDays}
          options={[
            { id: '30', label: '30 días' },
            { id: '90', label: '90 días' },
          ]}
        />
      }
    >
      <div className="grid min-w-0 gap-5 lg:grid-cols-2">
        <div className="min-w-0">
          <h3 className="mb-1 text-xs font-semibold text-stone-600">Ingresos</h3>
          <ColumnChart
            title={`Ingresos por día, ${span}`}
            summary={`Total ${formatArs(revenue)}.${best ? ` Mejor día: ${formatDate(best.date)}, ${formatArs(best.revenue)}.` : ' Sin ventas.'}`}
            points={shown.map((d) => point(d, d.revenue))}
            format={formatArs}
            formatAxis={formatArsAxis}
            color={REVENUE_COLOR}
            valueHeader="Ingresos"
            counts
          />
        </div>
        <div className="min-w-0">
          <h3 className="mb-1 text-xs font-semibold text-stone-600">Pedidos</h3>
          <ColumnChart
            title={`Pedidos por día, ${span}`}
            summary={`Total ${integer.format(orders)} pedidos, ${integer.format(Math.round((orders / shown.length) * 10) / 10)} por día en promedio.`}
            points={shown.map((d) => point(d, d.orders))}
            format={(v) => integer.format(v)}
            formatAxis={(v) => integer.format(v)}
            color={ORDERS_COLOR}
            valueHeader="Pedidos"
            counts
          />
        </div>
      </div>
    </Panel>
  );
}

// ---------------------------------------------------------------------------------------------
// Breakdowns of the last 30 days

type Measure = 'units' | 'revenue';
const MEASURES: { id: Measure; label: string }[] = [
  { id: 'units', label: 'Unidades' },
  { id: 'revenue', label: 'Ingresos' },
];

function MeasureToggle({ value, onChange }: { value: Measure; onChange: (m: Measure) => void }) {
  return <Segmented label="Medir por" value={value} onChange={onChange} options={MEASURES} />;
}

function StatusPanel({ data }: { data: DashboardDto }) {
  const total = data.by_stage.reduce((sum, s) => sum + s.orders, 0);
  // By stage, as every order's badge reads: "Pendiente" would lump the unpaid with the paid and the shipped.
  const items: BarItem[] = data.by_stage.map((s) => ({
    key: s.stage,
    label: orderStageLabel(s),
    value: s.orders,
    display: `${integer.format(s.orders)} · ${formatArs(s.amount)}`,
    color: STAGE_COLORS[s.stage],
  }));
  return (
    <Panel title="Pedidos por estado" description={`Pedidos de los últimos ${data.breakdown_days} días según su estado actual`}>
      {total === 0 ? (
        <Empty>Sin pedidos en este período.</Empty>
      ) : (
        <BarChart
          title="Pedidos por estado"
          summary={items.map((i) => `${i.label}: ${i.display}`).join('. ')}
          items={items}
          nameHeader="Estado"
          valueHeader="Pedidos · importe"
        />
      )}
    </Panel>
  );
}

/** Sales by coupon (issue 24): the orders that used each code, what it took off, what they add up to. */
function CouponPanel({ data }: { data: DashboardDto }) {
  return (
    <Panel title="Ventas por cupón" description={`Últimos ${data.breakdown_days} días, sin pedidos cancelados`}>
      {data.by_coupon.length === 0 ? (
        <Empty>Sin ventas con cupón en este período.</Empty>
      ) : (
        <ul className="divide-y divide-stone-100 text-sm" aria-label="Ventas por cupón">
          {data.by_coupon.map((c) => (
            <li key={c.code} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 py-2">
              <span className="break-all font-mono font-semibold text-stone-900">{c.code}</span>
              <span className="text-stone-700">
                {c.orders} {c.orders === 1 ? 'pedido' : 'pedidos'} · {formatArs(c.revenue)} · descuento {formatArs(c.discount)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

function TypePanel({ data }: { data: DashboardDto }) {
  const [measure, setMeasure] = useState<Measure>('revenue');
  const total = data.by_type.reduce((sum, t) => sum + t[measure], 0);
  const items: BarItem[] = data.by_type.map((t) => ({
    key: t.type,
    label: PRODUCT_TYPE_LABELS[t.type],
    value: t[measure],
    display: (measure === 'units' ? units(t.units) : formatArs(t.revenue)) + share(t[measure], total),
    color: TYPE_COLORS[t.type],
  }));
  return (
    <Panel
      title="Ventas por tipo"
      description={`Últimos ${data.breakdown_days} días`}
      actions={<MeasureToggle value={measure} onChange={setMeasure} />}
    >
      {total === 0 ? (
        <Empty>Sin ventas en este período.</Empty>
      ) : (
        <BarChart
          title={`Ventas por tipo, en ${measure === 'units' ? 'unidades' : 'ingresos'}`}
          summary={items.map((i) => `${i.label}: ${i.display}`).join('. ')}
          items={items}
          nameHeader="Tipo"
          valueHeader={measure === 'units' ? 'Unidades' : 'Ingresos'}
        />
      )}
    </Panel>
  );
}

function RankingPanel({
  title,
  what,
  breakdownDays,
  rankings,
}: {
  title: string;
  what: string;
  breakdownDays: number;
  rankings: Record<'by_units' | 'by_revenue', { key: string; label: string; units: number; revenue: number }[]>;
}) {
  const [measure, setMeasure] = useState<Measure>('units');
  const rows = measure === 'units' ? rankings.by_units : rankings.by_revenue;
  const items: BarItem[] = rows.map((r) => ({
    key: r.key,
    label: r.label,
    value: r[measure],
    display: measure === 'units' ? units(r.units) : formatArs(r.revenue),
  }));
  return (
    <Panel
      title={title}
      description={`Los 10 primeros de los últimos ${breakdownDays} días`}
      actions={<MeasureToggle value={measure} onChange={setMeasure} />}
    >
      {items.length === 0 ? (
        <Empty>Sin ventas en este período.</Empty>
      ) : (
        <BarChart
          title={`${title}, por ${measure === 'units' ? 'unidades' : 'ingresos'}`}
          summary={items
            .slice(0, 3)
            .map((i, n) => `${n + 1}. ${i.label}: ${i.display}`)
            .join('. ')}
          items={items}
          nameHeader={what}
          valueHeader={measure === 'units' ? 'Unidades' : 'Ingresos'}
        />
      )}
    </Panel>
  );
}

function TopProductsPanel({ data }: { data: DashboardDto }) {
  const shape = (list: DashboardDto['top_products']['by_units']) =>
    list.map((p) => ({
      key: `${p.product_id ?? p.name}`,
      label: p.brand ? `${p.name} · ${p.brand}` : p.name,
      units: p.units,
      revenue: p.revenue,
    }));
  return (
    <RankingPanel
      title="Productos más vendidos"
      what="Producto"
      breakdownDays={data.breakdown_days}
      rankings={{ by_units: shape(data.top_products.by_units), by_revenue: shape(data.top_products.by_revenue) }}
    />
  );
}

function TopBrandsPanel({ data }: { data: DashboardDto }) {
  const shape = (list: DashboardDto['top_brands']['by_units']) =>
    list.map((b) => ({ key: `${b.brand_id ?? b.name}`, label: b.name || 'Sin banco', units: b.units, revenue: b.revenue }));
  return (
    <RankingPanel
      title="Bancos más vendidos"
      what="Banco"
      breakdownDays={data.breakdown_days}
      rankings={{ by_units: shape(data.top_brands.by_units), by_revenue: shape(data.top_brands.by_revenue) }}
    />
  );
}

// ---------------------------------------------------------------------------------------------
// Pending orders and stock
