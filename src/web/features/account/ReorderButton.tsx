// "Repetir pedido" (issue 38): the order's lines go into the cart at today's prices, and the cart
// opens with one message of what could not be added and which prices changed.
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { reorderMessage, type ReorderResult } from '../../../domain/reorder';
import { api, ApiError } from '../../lib/api';
import { cart } from '../../lib/cart-store';
import { toCartLine } from '../../lib/cart-sync';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/Button';
import type { OrderDto } from './api';

/** What the cart page shows once above its lines (router state: gone after a reload). */
interface CartNotice {
  cartNotice: string;
}

export function ReorderButton({ order }: { order: OrderDto }) {
  const navigate = useNavigate();
  const repeat = useMutation({
    mutationFn: () => api.post<ReorderResult>(`/api/orders/${order.id}/reorder/`, {}, { fallbackError: 'Error al repetir el pedido' }),
    onSuccess: (result) => {
      cart.replaceFromServer(result.cart.lines.map(toCartLine));
      const state: CartNotice = { cartNotice: reorderMessage(result) };
      void navigate('/carrito', { state });
    },
    onError: (e) => toast.error(e instanceof ApiError ? e.message : 'Error al repetir el pedido'),
  });
  return (
    <Button
      variant="secondary"
      onClick={() => repeat.mutate()}
      loading={repeat.isPending}
      loadingText="Agregando..."
      aria-label={`Repetir pedido #${order.order_number}`}
    >
      Repetir pedido
    </Button>
  );
}
