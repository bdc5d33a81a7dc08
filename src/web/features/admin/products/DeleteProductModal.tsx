// "Eliminar producto": the confirmation and the delete.
import { toast } from '../../../lib/toast';
import type { ProductDto } from '../../../../domain/catalog';
import { errorMessage } from '../lib/format';
import { DeleteModal } from '../ui/DeleteModal';
import { useDeleteProduct } from './api';

export function DeleteProductModal({ product, onClose }: { product: ProductDto | null; onClose: () => void }) {
  return (
    <DeleteModal
      item={product}
      title="Eliminar producto"
      mutation={useDeleteProduct()}
      deleted={(deleted) => `El producto ${deleted.name} ha sido eliminado`}
      failed={(error) => toast.error(`Error al eliminar el producto: ${errorMessage(error)}`)}
      onClose={onClose}
    >
      ¿Seguro que deseas eliminar <strong>{product?.name}</strong>? Los pedidos que ya lo incluyen no se modifican.
    </DeleteModal>
  );
}
