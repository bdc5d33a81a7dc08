// "Eliminar producto": the confirmation and the delete.
import { toast } from 'sonner';
import type { ProductDto } from '../../../../domain/catalog';
import { errorMessage } from '../lib/format';
import { useDeleteProduct } from './api';
import { ConfirmModal } from '../../../components/ui/ConfirmModal';

export function DeleteProductModal({ product, onClose }: { product: ProductDto | null; onClose: () => void }) {
  const remove = useDeleteProduct();

  function confirmDelete() {
    if (!product) return;
    remove.mutate(product, {
      onSuccess: () => {
        toast.success(`El producto ${product.name} ha sido eliminado`);
        onClose();
      },
      onError: (error) => toast.error(`Error al eliminar el producto: ${errorMessage(error)}`),
    });
  }

  return (
    <ConfirmModal
      open={product !== null}
      title="Eliminar producto"
      confirmLabel="Eliminar"
      busy={remove.isPending}
      busyLabel="Eliminando..."
      onConfirm={confirmDelete}
      onClose={onClose}
    >
      ¿Seguro que deseas eliminar <strong>{product?.name}</strong>? Los pedidos que ya lo incluyen no se modifican.
    </ConfirmModal>
  );
}
