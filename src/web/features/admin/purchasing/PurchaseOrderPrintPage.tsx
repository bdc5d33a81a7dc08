// /admin/compras/:id/imprimir (issue 37): the purchase order as a clean A4 page for the bank,
// outside the admin frame like the orders' print page; the toolbar hides itself in print.
import { Link, useParams } from 'react-router';
import { presentationName } from '../../../../domain/plural';
import { purchaseOrderLabel } from '../../../../domain/purchasing';
import { SHOP_NAME } from '../../../components/site';
import { errorMessage, formatArs, formatDate } from '../lib/format';
import { usePurchaseOrder } from './api';
import { TableHead, figures } from '../ui/tables';
import { Button } from '../../../components/ui/Button';
import { ArrowLeftIcon } from '../../../components/ui/account-icons';
import { ErrorState, LoadingState } from '../../../components/ui/states';

const PRINT_CSS = '@page { size: A4; margin: 12mm; }';

export default function PurchaseOrderPrintPage() {
  const id = Number(useParams().id);
  const po = usePurchaseOrder(id);
  if (po.isPending) return <LoadingState label="Cargando compra..." />;
  if (po.isError) return <ErrorState title={errorMessage(po.error)} onRetry={() => void po.refetch()} />;
  const order = po.data;
  return (
    <main className="min-h-screen bg-stone-100 p-3 print:bg-white print:p-0">
      <style>{PRINT_CSS}</style>
      <div className="mx-auto mb-3 flex max-w-[210mm] flex-wrap items-center justify-between gap-2 print:hidden">
        <Link to={`/admin/compras/${id}`} className="inline-flex items-center gap-1 text-sm text-stone-600 hover:text-stone-900">
          <ArrowLeftIcon size={14} />
          Volver a la compra
        </Link>
        <Button size="sm" onClick={() => window.print()}>
          Imprimir
        </Button>
      </div>
      <section className="mx-auto max-w-[210mm] rounded bg-white p-4 shadow-md sm:p-[12mm] print:rounded-none print:p-0 print:shadow-none">
        <header className="mb-4 flex flex-wrap items-start justify-between gap-3 border-b-2 border-stone-900 pb-3">
          <div className="flex items-start gap-3">
            <img src="/logo.svg" alt="" width={36} height={36} className="h-9 w-9" />
            <p className="text-lg font-bold leading-tight">{SHOP_NAME}</p>
          </div>
          <div className="text-right">
            <h1 className="text-xl font-bold">Orden de compra {purchaseOrderLabel(order.number)}</h1>
            <p className="text-xs text-stone-600">
              Para {order.brand_name} · {formatDate(order.sent_at ?? order.created_at)}
            </p>
          </div>
        </header>
        <table className="w-full border-collapse text-sm tabular-nums">
          <TableHead look="paper" columns={['Producto', figures('Cantidad'), figures('Costo unitario')]} />
          <tbody>
            {order.lines.map((l) => (
              <tr key={l.blister_id} className="border-b border-stone-200 [&>td]:px-1.5 [&>td]:py-1.5">
                <td>{presentationName(l.name, l.seed_count)}</td>
                <td className="text-right">{l.quantity}</td>
                <td className="text-right">{l.unit_cost == null ? '—' : formatArs(l.unit_cost)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {order.total_cost > 0 && <p className="mt-3 text-right font-semibold">Total estimado: {formatArs(order.total_cost)}</p>}
        {order.note && <p className="mt-4 text-sm">Nota: {order.note}</p>}
      </section>
    </main>
  );
}
