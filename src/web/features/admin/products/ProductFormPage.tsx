// 'Agregar Producto' / 'Editar Producto' (spec accounts-admin §2 admin product form, §5 product
// form): one form validated by the shared productFormSchema, saved in one call with its presentations.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { productFormSchema, type ProductFormValues } from '../../../../domain/admin-catalog';
import { PRODUCT_TYPE_LABELS, PRODUCT_TYPES } from '../../../../domain/catalog';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../lib/format';
import { useAdminBrands, useDollarRate } from '../lib/queries';
import { Button } from '../ui/Button';
import { SelectInput, Switch, TextArea, TextInput } from '../ui/fields';
import { ArrowLeftIcon } from '../ui/icons';
import { ImageUpload } from '../ui/ImageUpload';
import { PageHeader, Panel } from '../ui/PageHeader';
import { LoadingState } from '../ui/states';
import { useAdminProduct, useSaveProduct } from './api';
import { BrandPicker } from './BrandPicker';
import { PresentationsEditor } from './PresentationsEditor';
import { emptyProductForm, productToForm, type ProductFormFields } from './product-form';

const resolver = zodResolver(productFormSchema) as unknown as Resolver<ProductFormFields, unknown, ProductFormValues>;

const GROWTH_FIELDS = [
  ['flowering_time', 'Tiempo de floración', 'Ej: 8-9 semanas'],
  ['completed_cicle', 'Ciclo Completo', 'Ej: 10 semanas'],
  ['height_indoor', 'Altura interior', 'Ej: 80-120 cm'],
  ['height_outdoor', 'Altura exterior', 'Ej: 150-200 cm'],
  ['yield_indoor', 'Producción interior', 'Ej: 450 g/m²'],
  ['yield_outdoor', 'Producción exterior', 'Ej: 600 g/planta'],
] as const;

export default function ProductFormPage() {
  const { productId } = useParams();
  const id = productId !== undefined && /^\d+$/.test(productId) ? Number(productId) : undefined;
  const editing = productId !== undefined;
  const navigate = useNavigate();
  const brands = useAdminBrands();
  const product = useAdminProduct(id);
  const save = useSaveProduct(id);
  const rate = useDollarRate();

  const form = useForm<ProductFormFields, unknown, ProductFormValues>({ resolver, defaultValues: emptyProductForm(), mode: 'onTouched' });
  const { register, control, handleSubmit, reset, setValue, getValues, setError, formState } = form;
  const { errors } = formState;

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

  const onSubmit = handleSubmit(
    (values) =>
      save.mutate(values, {
        onSuccess: () => {
          toast.success(editing ? 'Producto actualizado' : 'Producto guardado');
          void navigate('/admin/productos');
        },
        onError: (error) => {
          if (error instanceof ApiError && error.errors) {
            for (const [field, messages] of Object.entries(error.errors)) {
              setError(field as keyof ProductFormFields, { type: 'server', message: messages[0] });
            }
          }
          toast.error(errorMessage(error, editing ? 'Error al actualizar el producto' : 'Error al crear el producto'));
        },
      }),
    () => toast.error('Revisa los campos marcados'),
  );

  if (editing && !product.data) return <LoadingState label="Cargando producto..." />;

  const title = editing ? 'Editar Producto' : 'Agregar Producto';
  return (
    <form onSubmit={onSubmit} noValidate>
      <PageHeader
        title={title}
        subtitle={editing && product.data ? product.data.name : 'Completa los datos y las presentaciones del producto.'}
        back={
          <Link to="/admin/productos" className="mb-1 inline-flex items-center gap-1 text-sm text-stone-600 hover:text-stone-900">
            <ArrowLeftIcon size={14} />
            Catálogo
          </Link>
        }
      />
      <div className="grid gap-4 lg:grid-cols-[1fr_20rem]">
        <div className="space-y-4">
          <Panel title="Información básica">
            <div className="grid gap-3 sm:grid-cols-2">
              <Controller
                control={control}
                name="brand"
                render={({ field, fieldState }) => (
                  <BrandPicker
                    value={{ brand: field.value, brand_id: getValues('brand_id') }}
                    onChange={(choice) => {
                      setValue('brand_id', choice.brand_id, { shouldDirty: true });
                      field.onChange(choice.brand);
                    }}
                    onBlur={field.onBlur}
                    brands={brands.data ?? []}
                    error={fieldState.error?.message ?? errors.brand_id?.message}
                  />
                )}
              />
              <TextInput label="Nombre del producto" required error={errors.name?.message} {...register('name')} />
              <SelectInput label="Tipo" required error={errors.type?.message} {...register('type')}>
                <option value="">Seleccionar tipo</option>
                {PRODUCT_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {PRODUCT_TYPE_LABELS[t]}
                  </option>
                ))}
              </SelectInput>
              <TextInput
                label="Genotipo"
                placeholder="Ej: Gorilla Glue x OG Kush"
                error={errors.genotype?.message}
                {...register('genotype')}
              />
              <TextInput label="Sabores" hint="Separados por comas" error={errors.flavors?.message} {...register('flavors')} />
              <TextInput label="Efectos" hint="Separados por comas" error={errors.effects?.message} {...register('effects')} />
              <div className="grid grid-cols-2 gap-3">
                <TextInput label="Sativa (%)" inputMode="decimal" error={errors.sativa?.message} {...register('sativa')} />
                <TextInput label="Indica (%)" inputMode="decimal" error={errors.indica?.message} {...register('indica')} />
              </div>
              <div className="grid grid-cols-2 gap-3">
                <TextInput label="THC (%)" placeholder="Ej: 22%" error={errors.thc?.message} {...register('thc')} />
                <TextInput label="CBD (%)" placeholder="Ej: 0,5%" error={errors.cbd?.message} {...register('cbd')} />
              </div>
              <TextArea
                label="Descripción"
                className="sm:col-span-2"
                rows={5}
                error={errors.description?.message}
                {...register('description')}
              />
            </div>
          </Panel>

          <Panel title="Información de cultivo">
            <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
              {GROWTH_FIELDS.map(([name, label, placeholder]) => (
                <TextInput key={name} label={label} placeholder={placeholder} error={errors[name]?.message} {...register(name)} />
              ))}
            </div>
          </Panel>

          <Panel title="Presentaciones" description="Blísters a la venta: cantidad de semillas, precio, stock y descuento propio.">
            <PresentationsEditor
              control={control}
              register={register}
              setValue={setValue}
              getValues={getValues}
              errors={errors}
              rate={rate}
            />
          </Panel>
        </div>

        <div className="space-y-4">
          <Panel title="Imágenes" description="Tamaño recomendado: 1000x1000 px">
            <div className="grid grid-cols-2 gap-3">
              {(['image', 'image_2'] as const).map((name, i) => (
                <Controller
                  key={name}
                  control={control}
                  name={name}
                  render={({ field, fieldState }) => (
                    <ImageUpload
                      label={i === 0 ? 'Imagen principal' : 'Imagen 2'}
                      value={field.value}
                      onChange={(url) => field.onChange(url)}
                      purpose="product"
                      errorPrefix="Error al subir la imagen"
                      error={fieldState.error?.message}
                    />
                  )}
                />
              ))}
            </div>
          </Panel>

          <Panel title="Metadatos">
            <div className="space-y-3">
              <TextInput label="SKU" placeholder="Ej: SWS-GOR-3" error={errors.sku?.message} {...register('sku')} />
              <Controller
                control={control}
                name="available"
                render={({ field }) => (
                  <Switch
                    checked={field.value}
                    onChange={field.onChange}
                    label="Disponible en la tienda"
                    description="Si está apagado, los clientes no ven el producto."
                  />
                )}
              />
            </div>
          </Panel>
        </div>
      </div>
      {/* The save bar stays in view while the long form scrolls. */}
      <div className="sticky bottom-0 z-10 -mx-3 mt-4 flex gap-2 border-t border-stone-200 bg-white/95 px-3 py-3 backdrop-blur sm:-mx-6 sm:justify-end sm:px-6">
        <Button
          variant="secondary"
          className="flex-1 sm:flex-none"
          disabled={save.isPending}
          onClick={() => reset(product.data ? productToForm(product.data) : emptyProductForm())}
        >
          Restablecer
        </Button>
        <Button type="submit" className="flex-1 sm:flex-none sm:min-w-44" loading={save.isPending} loadingText="Guardando...">
          {editing ? 'Actualizar producto' : 'Guardar producto'}
        </Button>
      </div>
    </form>
  );
}
