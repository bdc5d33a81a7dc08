// 'Reponer' (issue 37): what to buy from each seed bank, grouped by bank with its suggested
// units and cost, and a button that starts a purchase order from a bank's suggestions.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { RestockRow } from '../../../../domain/restock';
import { presentationName } from '../../../../domain/plural';
import { toast } from '../../../lib/toast';
import { errorMessage, formatArs } from '../lib/format';
import { PageHeader, Panel } from '../ui/PageHeader';
import { TableHead, TableScroll, figures } from '../ui/tables';
import { useCreatePurchaseOrder, useRestock } from './api';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Checkbox } from '../../../components/ui/checkboxes';
import { SelectField, TextField } from '../../../components/ui/fields';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';

interface BrandGroup {
  brand_id: number;
  brand_name: string;
  lead_time_days: number;
  rows: RestockRow[];
  units: number;
  cost: number;
}

function byBrand(rows: RestockRow[]): BrandGroup[] {
  const groups = new Map<number, BrandGroup>();
  for (const row of rows) {
    const group = groups.get(row.brand_id) ?? {
      brand_id: row.brand_id,
      brand_name: row.brand_name,
      lead_time_days: row.lead_time_days,
      rows: [],
      units: 0,
      cost: 0,
    };
    group.rows.push(row);
    group.units += row.suggested;
    group.cost += row.suggested * (row.cost_price ?? 0);
    groups.set(row.brand_id, group);
  }
  // The rows come most urgent first: a bank's place is its most urgent blister's.
  return [...groups.values()];
}

const daysLeft = (row: RestockRow) =>
  row.days_left === null ? 'Sin ventas' : row.stock <= 0 ? 'Agotado' : `${row.days_left.toLocaleString('es-AR')} días`;

function RestockTable({ rows }: { rows: RestockRow[] }) {
  return (
    <TableScroll label="Presentaciones">
      <table className="w-full min-w-[640px] text-sm tabular-nums">
        <TableHead
          columns={[
            'Producto',
            figures('Stock'),
            figures('Reservado'),
            figures('Vendido 30 / 90 días'),
            figures('Por día'),
            figures('Alcanza para'),
            figures('Sugerido'),
          ]}
        />
        <tbody>
          {rows.map((row) => (
            <tr key={row.blister_id} className="border-b border-stone-100 last:border-0 [&>td]:px-2 [&>td]:py-1.5">
              <td>{presentationName(row.name, row.seed_count)}</td>
              <td className="text-right">{row.stock <= 0 ? <Badge tone="danger">Agotado</Badge> : row.stock}</td>
              <td className="text-right">{row.reserved}</td>
              <td className="text-right">
                {row.sold_30} / {row.sold_90}
              </td>
              <td className="text-right">{row.daily_rate.toLocaleString('es-AR')}</td>
              <td className="text-right">{daysLeft(row)}</td>
              <td className="text-right font-semibold">{row.suggested}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

export default function RestockPage() {
  const navigate = useNavigate();
  const [brandId, setBrandId] = useState<number | undefined>();
  const [onlyNeeded, setOnlyNeeded] = useState(true);
  const [coverText, setCoverText] = useState('');
  const cover = /^\d+$/.test(coverText.trim()) ? Number(coverText.trim()) : undefined;
  const plan = useRestock({ brand_id: brandId, only_needed: onlyNeeded, cover_days: cover });
  const all = useRestock({ only_needed: false });
  const create = useCreatePurchaseOrder();
  const groups = plan.data ? byBrand(plan.data.rows) : [];
  const brands = all.data ? byBrand(all.data.rows).sort((a, b) => a.brand_name.localeCompare(b.brand_name, 'es')) : [];

  function startOrder(group: BrandGroup) {
    const lines = group.rows.filter((r) => r.suggested > 0).map((r) => ({ blister_id: r.blister_id, quantity: r.suggested }));
    create.mutate(
      { brand_id: group.brand_id, lines },
      {
        onSuccess: (po) => {
          toast.success(`Compra OC-${po.number} creada en borrador`);
          void navigate(`/admin/compras/${po.id}`);
        },
        onError: (error) => toast.error(errorMessage(error, 'Error al crear la compra')),
      },
    );
  }

  return (
    <div>
      <PageHeader
        title="Reponer"
        subtitle={`Lo que conviene pedir a cada banco para cubrir su demora de entrega más ${plan.data?.cover_days ?? '…'} días de ventas.`}
      />
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <SelectField
          label="Banco"
          className="w-56"
          value={brandId ?? ''}
          onChange={(e) => setBrandId(e.target.value ? Number(e.target.value) : undefined)}
        >
          <option value="">Todos los bancos</option>
          {brands.map((b) => (
            <option key={b.brand_id} value={b.brand_id}>
              {b.brand_name}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Días de cobertura"
          inputMode="numeric"
          className="w-36"
          placeholder={String(plan.data?.cover_days ?? 45)}
          value={coverText}
          onChange={(e) => setCoverText(e.target.value)}
        />
        <div className="pb-2">
          <Checkbox checked={onlyNeeded} onChange={setOnlyNeeded}>
            Solo lo que hay que pedir
          </Checkbox>
        </div>
      </div>
      {plan.isPending ? (
        <LoadingState label="Calculando la reposición..." />
      ) : plan.isError ? (
        <ErrorState title={errorMessage(plan.error)} onRetry={() => void plan.refetch()} />
      ) : groups.length === 0 ? (
        <EmptyState title="Nada para reponer">Ninguna presentación necesita un pedido con estos filtros.</EmptyState>
      ) : (
        <div className="space-y-4">
          {groups.map((group) => (
            <Panel
              key={group.brand_id}
              title={group.brand_name}
              description={`Entrega en ${group.lead_time_days} días · Sugerido: ${group.units} ${group.units === 1 ? 'unidad' : 'unidades'}${group.cost > 0 ? ` · ${formatArs(group.cost)}` : ''}`}
              actions={
                group.units > 0 ? (
                  <Button size="sm" onClick={() => startOrder(group)} loading={create.isPending} loadingText="Creando...">
                    Iniciar compra
                  </Button>
                ) : undefined
              }
            >
              <RestockTable rows={group.rows} />
            </Panel>
          ))}
        </div>
      )}
    </div>
  );
}
