// The state of 'Agregar Producto' / 'Editar Producto': which product, its form loaded from the
// API, and the save with the server's field errors marked on their fields.
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from '../../../lib/toast';
import { productFormSchema, type ProductFormValues } from '../../../../domain/admin-catalog';
import type { CostAbovePrice, FlaggedPrice } from '../../../../domain/price-guards';
import { useApiForm } from '../../../lib/use-api-form';
import { errorMessage } from '../lib/format';
import { costsAbovePriceOf, flaggedPricesOf } from '../ui/PriceChangeList';
import { useAdminBrands, useDollarRate } from '../lib/queries';
import { useAdminProduct, useSaveProduct } from './api';
import { emptyProductForm, productToForm, type ProductFormFields } from './product-form';

export function useProductForm() {
  const { productId } = useParams();
  const id = productId !== undefined && /^\d+$/.test(productId) ? Number(productId) : undefined;
  const editing = productId !== undefined;
  const navigate = useNavigate();
  const brands = useAdminBrands();
  const product = useAdminProduct(id);
  const save = useSaveProduct(id);
  const rate = useDollarRate();

  const { form, showServerErrors } = useApiForm<ProductFormFields, ProductFormValues>({
    schema: productFormSchema,
    defaultValues: emptyProductForm(),
    mode: 'onTouched',
  });
  const { handleSubmit, reset } = form;

  // spec storefront §8: a product that cannot be loaded goes back to the list.
  useEffect(() => {
    if (editing && id === undefined) {
      toast.error('Error al cargar el producto: Identificador inválido');
      void navigate('/admin/productos', { replace: true });
    } else if (product.isError) {
      toast.error(`Error al cargar el producto: ${errorMessage(product.error)}`);
      void navigate('/admin/productos', { replace: true });
    }
  }, [editing, id, product.isError, product.error, navigate]);

  useEffect(() => {
    if (product.data) reset(productToForm(product.data));
  }, [product.data, reset]);

  useEffect(() => {
    if (brands.isError) toast.error(`Error al cargar los datos iniciales: ${errorMessage(brands.error)}`);
  }, [brands.isError, brands.error]);

  // A price moved by −50% or more, or above +200%: the server waits for the owner's word.
  const [priceCheck, setPriceCheck] = useState<{ values: ProductFormValues; changes: FlaggedPrice[]; costs: CostAbovePrice[] } | null>(
    null,
  );

  function send(values: ProductFormValues) {
    save.mutate(values, {
      onSuccess: () => {
        setPriceCheck(null);
        toast.success(editing ? 'Producto actualizado' : 'Producto guardado');
        void navigate('/admin/productos');
      },
      onError: (error) => {
        setPriceCheck(null);
        const changes = flaggedPricesOf(error);
        if (changes) return setPriceCheck({ values, changes, costs: costsAbovePriceOf(error) });
        // The fields the server named (a taken SKU, …), the first brought into view.
        if (!showServerErrors(error, { focus: true }))
          toast.error(errorMessage(error, editing ? 'Error al actualizar el producto' : 'Error al crear el producto'));
      },
    });
  }

  const onSubmit = handleSubmit(send, () => toast.error('Revisa los campos marcados'));
  const confirmPrices = () => priceCheck && send({ ...priceCheck.values, confirm_price_changes: true });
  const cancelPrices = () => setPriceCheck(null);

  const resetForm = () => reset(product.data ? productToForm(product.data) : emptyProductForm());

  return {
    form,
    editing,
    product,
    brands: brands.data ?? [],
    rate,
    saving: save.isPending,
    onSubmit,
    resetForm,
    priceCheck: priceCheck?.changes ?? null,
    costCheck: priceCheck?.costs ?? [],
    confirmPrices,
    cancelPrices,
  };
}
