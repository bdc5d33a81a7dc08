// Deleting a brand. A brand with products cannot be deleted (the server answers 409), so the modal
// says so before anything is sent, with the product count, and offers what can be done instead:
// its products, or hiding the brand from the shop.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import type { BrandDto } from '../../../../domain/catalog';
import { Modal } from '../../../components/Modal';
import { ApiError } from '../../../lib/api';
import { useCloseOnRefusal } from '../../../lib/refusal';
import { errorMessage } from '../lib/format';
import { useDeleteBrand, useHideBrand } from './api';
import { Button, LinkButton } from '../../../components/ui/Button';
import { ConfirmModal } from '../../../components/ui/ConfirmModal';

const productCount = (n: number) => `${n} ${n === 1 ? 'producto asociado' : 'productos asociados'}`;

export function DeleteBrandModal({ brand, onClose }: { brand: BrandDto; onClose: () => void }) {
  const remove = useDeleteBrand();
  const hide = useHideBrand();
  const queryClient = useQueryClient();
  const closeOnRefusal = useCloseOnRefusal();
  // The server's reason when it refused anyway (products added meanwhile, or kept for orders).
  const [refusal, setRefusal] = useState<string | null>(null);
  const busy = remove.isPending || hide.isPending;
  const blocked = brand.total_products > 0 || refusal !== null;

  function confirmDelete() {
    remove.mutate(brand, {
      onSuccess: () => {
        toast.success(`Banco ${brand.brand_name} eliminado`);
        onClose();
      },
      onError: (error) => {
        // Products added meanwhile: the dialog turns into what can be done instead, over a fresh list.
        if (error instanceof ApiError && error.status === 409) {
          setRefusal(error.message);
          void queryClient.invalidateQueries();
          return;
        }
        toast.error('Error al eliminar el banco', { description: errorMessage(error, '') || undefined });
        closeOnRefusal(error, onClose);
      },
    });
  }

  function hideBrand() {
    hide.mutate(brand, {
      onSuccess: () => {
        toast.success(`Banco ${brand.brand_name} oculto de la tienda`);
        onClose();
      },
      onError: (error) => toast.error('Error al ocultar el banco', { description: errorMessage(error, '') || undefined }),
    });
  }

  const close = () => !busy && onClose();

  if (!blocked) {
    return (
      <ConfirmModal
        open
        title="Eliminar banco"
        confirmLabel="Eliminar"
        busy={remove.isPending}
        busyLabel="Eliminando..."
        onConfirm={confirmDelete}
        onClose={close}
      >
        <p>
          ¿Seguro que deseas eliminar el banco <strong>{brand.brand_name}</strong>? No tiene productos asociados.
        </p>
      </ConfirmModal>
    );
  }

  return (
    <Modal
      open
      onClose={close}
      title="No se puede eliminar el banco"
      className="!max-w-md"
      footer={
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
          <Button variant="secondary" onClick={close} disabled={busy} data-autofocus>
            Cerrar
          </Button>
          {brand.visible && (
            <Button variant="secondary" onClick={hideBrand} loading={hide.isPending} loadingText="Ocultando...">
              Ocultar de la tienda
            </Button>
          )}
          {brand.total_products > 0 && (
            <LinkButton to={`/admin/productos?brand=${brand.id}`} onClick={onClose}>
              {brand.total_products === 1 ? 'Ver su producto' : `Ver sus ${brand.total_products} productos`}
            </LinkButton>
          )}
        </div>
      }
    >
      <div className="space-y-3 text-sm text-stone-700">
        {brand.total_products > 0 ? (
          <p>
            <strong>{brand.brand_name}</strong> tiene {productCount(brand.total_products)}. Para eliminar el banco, primero elimina sus
            productos o pásalos a otro banco.
          </p>
        ) : (
          <p>{refusal}</p>
        )}
        {brand.visible ? (
          <p>Si solo quieres que deje de mostrarse, ocúltalo: sale de la lista de bancos de la tienda y sus productos siguen a la venta.</p>
        ) : (
          <p>El banco ya está oculto de la tienda.</p>
        )}
      </div>
    </Modal>
  );
}
