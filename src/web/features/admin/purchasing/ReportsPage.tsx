// 'Reportes' (issue 37): sales of a period grouped by day, week, month, bank, product or province:
// a chart over time (the dashboard's charts), the table sortable, and the same table as CSV.
import { useMemo, useState } from 'react';
import {
  presetPeriod,
  REPORT_GROUP_LABELS,
  REPORT_GROUPS,
  REPORT_PRESET_LABELS,
  TIME_GROUPS,
  type ReportGroup,
  type ReportPreset,
  type SalesReportRow,
} from '../../../../domain/sales-report';
import { toast } from '../../../lib/toast';
import { BarChart, ColumnChart, formatArsAxis } from '../ui/charts';
import { errorMessage, formatArs } from '../lib/format';
import { PageHeader, Panel } from '../ui/PageHeader';
import { TableScroll } from '../ui/tables';
import { downloadSalesCsv, useSalesReport } from './api';
import { Button } from '../../../components/ui/Button';
import { SelectField, TextField } from '../../../components/ui/fields';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { countOf } from '../../../../domain/plural';

type SortKey = 'label' | 'orders' | 'units' | 'revenue' | 'shipping' | 'cost' | 'margin' | 'margin_percent';

const COLUMNS: { key: SortKey; label: string; show: (r: SalesReportRow) => string }[] = [
  { key: 'orders', label: 'Pedidos', show: (r) => String(r.orders) },
  { key: 'units', label: 'Unidades', show: (r) => String(r.units) },
  { key: 'revenue', label: 'Ingresos', show: (r) => formatArs(r.revenue) },
  { key: 'shipping', label: 'Envíos', show: (r) => formatArs(r.shipping) },
  { key: 'cost', label: 'Costo', show: (r) => formatArs(r.cost) },
  { key: 'margin', label: 'Margen', show: (r) => formatArs(r.margin) },
  {
    key: 'margin_percent',
    label: 'Margen %',
    show: (r) => (r.margin_percent == null ? 'sin costo' : `${r.margin_percent.toLocaleString('es-AR')}%`),
  },
];

export default function ReportsPage() {
  const [preset, setPreset] = useState<ReportPreset | 'custom'>('this_month');
  const [custom, setCustom] = useState(() => presetPeriod('this_month', new Date()));
  const [group, setGroup] = useState<ReportGroup>('day');
  const [sort, setSort] = useState<{ key: SortKey; desc: boolean }>({ key: 'label', desc: false });
  const period = preset === 'custom' ? custom : presetPeriod(preset, new Date());
  const report = useSalesReport({ ...period, group });
  const timeGroup = TIME_GROUPS.includes(group);

  const rows = useMemo(() => {
    const list = [...(report.data?.rows ?? [])];
    if (sort.key === 'label' && timeGroup) list.sort((a, b) => a.key.localeCompare(b.key));
    else if (sort.key === 'label') list.sort((a, b) => a.label.localeCompare(b.label, 'es'));
    else {
      const key = sort.key;
      list.sort((a, b) => (a[key] ?? -Infinity) - (b[key] ?? -Infinity));
    }
    return sort.desc ? list.reverse() : list;
  }, [report.data, sort, timeGroup]);

  const sortBy = (key: SortKey) => setSort((s) => ({ key, desc: s.key === key ? !s.desc : key !== 'label' }));
  const ariaSort = (key: SortKey) => (sort.key === key ? (sort.desc ? 'descending' : 'ascending') : 'none');

  async function csv() {
    try {
      await downloadSalesCsv({ ...period, group });
    } catch (error) {
      toast.error(errorMessage(error, 'Error al exportar el reporte'));
    }
  }

  const data = report.data;
  return (
    <div className="space-y-4">
      <PageHeader
        title="Reportes"
        subtitle="Ventas pagadas del período: ingresos, envíos, costo y margen."
        actions={
          <Button size="sm" variant="secondary" onClick={() => void csv()}>
            Descargar CSV
          </Button>
        }
      />
      <div className="flex flex-wrap items-end gap-3">
        <SelectField label="Período" className="w-48" value={preset} onChange={(e) => setPreset(e.target.value as ReportPreset | 'custom')}>
          {(Object.keys(REPORT_PRESET_LABELS) as ReportPreset[]).map((p) => (
            <option key={p} value={p}>
              {REPORT_PRESET_LABELS[p]}
            </option>
          ))}
          <option value="custom">Personalizado</option>
        </SelectField>
        {preset === 'custom' && (
          <>
            <TextField label="Desde" type="date" value={custom.from} onChange={(e) => setCustom({ ...custom, from: e.target.value })} />
            <TextField label="Hasta" type="date" value={custom.to} onChange={(e) => setCustom({ ...custom, to: e.target.value })} />
          </>
        )}
        <SelectField label="Agrupar por" className="w-40" value={group} onChange={(e) => setGroup(e.target.value as ReportGroup)}>
          {REPORT_GROUPS.map((g) => (
            <option key={g} value={g}>
              {REPORT_GROUP_LABELS[g]}
            </option>
          ))}
        </SelectField>
      </div>
      {report.isPending ? (
        <LoadingState label="Calculando el reporte..." />
      ) : report.isError || !data ? (
        <ErrorState title={errorMessage(report.error)} onRetry={() => void report.refetch()} />
      ) : data.rows.length === 0 ? (
        <EmptyState title="Sin ventas pagadas en el período" />
      ) : (
        <>
          <Panel title="Ingresos">
            {timeGroup ? (
              <ColumnChart
                title="Ingresos por período"
                summary={`Ingresos de ${data.rows.length} períodos: ${formatArs(data.totals.revenue)} en total`}
                points={data.rows.map((r) => ({ label: r.label, tick: r.label.replace(/^Semana del /, '').slice(0, 5), value: r.revenue }))}
                format={formatArs}
                formatAxis={formatArsAxis}
                color="#15803d"
                valueHeader="Ingresos"
              />
            ) : (
              <BarChart
                title={`Ingresos por ${REPORT_GROUP_LABELS[group].toLowerCase()}`}
                summary={`${data.rows.length} filas: ${formatArs(data.totals.revenue)} en total`}
                nameHeader={REPORT_GROUP_LABELS[group]}
                valueHeader="Ingresos"
                items={[...data.rows]
                  .sort((a, b) => b.revenue - a.revenue)
                  .slice(0, 10)
                  .map((r) => ({ key: r.key, label: r.label, value: r.revenue, display: formatArs(r.revenue) }))}
              />
            )}
          </Panel>
          <Panel
            title="Detalle"
            description={`No cuentan: ${countOf(data.apart.unpaid.orders, 'pedido sin pagar', 'pedidos sin pagar')} (${formatArs(data.apart.unpaid.total)}) y ${countOf(data.apart.cancelled.orders, 'cancelado o reintegrado', 'cancelados o reintegrados')} (${formatArs(data.apart.cancelled.total)}).${data.totals.lines_without_cost > 0 ? ` ${countOf(data.totals.lines_without_cost, 'línea sin costo queda', 'líneas sin costo quedan')} fuera del margen.` : ''}`}
          >
            <TableScroll label="Tabla del reporte">
              <table className="w-full min-w-[720px] text-sm tabular-nums">
                <thead>
                  <tr className="border-b border-stone-200 text-left text-xs uppercase tracking-wide text-stone-500 [&>th]:px-2 [&>th]:py-1.5">
                    <th scope="col" aria-sort={ariaSort('label')}>
                      <button type="button" onClick={() => sortBy('label')} className="uppercase">
                        {REPORT_GROUP_LABELS[group]}
                      </button>
                    </th>
                    {COLUMNS.map((c) => (
                      <th key={c.key} scope="col" className="text-right" aria-sort={ariaSort(c.key)}>
                        <button type="button" onClick={() => sortBy(c.key)} className="uppercase">
                          {c.label}
                        </button>
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r) => (
                    <tr key={r.key} className="border-b border-stone-100 [&>td]:px-2 [&>td]:py-1.5">
                      <td>{r.label}</td>
                      {COLUMNS.map((c) => (
                        <td key={c.key} className="text-right">
                          {c.show(r)}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr className="border-t-2 border-stone-300 font-semibold [&>td]:px-2 [&>td]:py-1.5">
                    <td>Total</td>
                    {COLUMNS.map((c) => (
                      <td key={c.key} className="text-right">
                        {c.show({ ...data.totals, key: 'total', label: 'Total' })}
                      </td>
                    ))}
                  </tr>
                </tfoot>
              </table>
            </TableScroll>
          </Panel>
        </>
      )}
    </div>
  );
}
