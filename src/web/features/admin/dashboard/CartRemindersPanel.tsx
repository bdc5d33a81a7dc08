// 'Recordatorios de carrito' on the dashboard (issue 38): reminders sent in the last 30 days and
// how many of those carts became orders within 7 days.
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { Panel } from '../ui/PageHeader';

interface CartReminderStats {
  days: number;
  sent: number;
  ordered_within_7_days: number;
}

export function CartRemindersPanel() {
  const stats = useQuery({
    queryKey: ['admin', 'dashboard', 'cart-reminders'],
    queryFn: ({ signal }) => api.get<CartReminderStats>('/api/dashboard/cart-reminders/', { signal }),
    staleTime: 0,
  });
  if (!stats.data) return null;
  const { days, sent, ordered_within_7_days: ordered } = stats.data;
  return (
    <Panel title="Recordatorios de carrito" description={`Últimos ${days} días`}>
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-stone-600">Enviados</dt>
          <dd className="text-2xl font-bold text-stone-900">{sent}</dd>
        </div>
        <div>
          <dt className="text-stone-600">Compraron en 7 días</dt>
          <dd className="text-2xl font-bold text-stone-900">
            {ordered}
            {sent > 0 && <span className="ml-1 text-sm font-medium text-stone-600">({Math.round((ordered / sent) * 100)}%)</span>}
          </dd>
        </div>
      </dl>
    </Panel>
  );
}
