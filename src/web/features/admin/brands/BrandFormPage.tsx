// Brand form (/admin/bancos/nuevo and /admin/bancos/editar/{id}; spec accounts-admin §5 bank):
// name, description, national flag, visibility and a logo of at most 2 MB.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from '../../../lib/toast';
import { brandFormSchema, type BrandFormValues } from '../../../../domain/admin-catalog';
import type { BrandDto } from '../../../../domain/catalog';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../lib/format';
import { brandStockTone } from '../lib/stock';
import { ImageUpload } from '../ui/ImageUpload';
import { PageHeader, Panel } from '../ui/PageHeader';
import { SaveBar } from '../ui/SaveBar';
import { useBrand, useSaveBrand } from './api';
import { Badge } from '../../../components/ui/Badge';
import { Button, LinkButton } from '../../../components/ui/Button';
import { FormSwitch } from '../../../components/ui/checkboxes';
import { TextAreaField, TextField } from '../../../components/ui/fields';
import { DEFAULT_LEAD_TIME_DAYS } from '../../../../domain/restock';
import { ArrowLeftIcon } from '../../../components/ui/account-icons';
import { LoadingState } from '../../../components/ui/states';
import { bindFields } from '../../../lib/form-fields';

interface BrandFields {
  brand_name: string;
  description: string;
  image: string;
  visible: boolean;
  is_national: boolean;
  /** Days from a purchase order sent to the blisters on the shelf (the restock planner). */
  lead_time_days: string;
}

const resolver = zodResolver(brandFormSchema) as unknown as Resolver<BrandFields, unknown, BrandFormValues>;

const emptyBrand = (): BrandFields => ({
  brand_name: '',
  description: '',
  image: '',
  visible: true,
  is_national: false,
  lead_time_days: String(DEFAULT_LEAD_TIME_DAYS),
});

// No slug is sent: the server derives it from the name (and follows a rename).
const brandToForm = (brand: BrandDto): BrandFields => ({
  brand_name: brand.brand_name,
  description: brand.description ?? '',
  image: brand.image ?? '',
  visible: brand.visible,
  is_national: brand.is_national,
  lead_time_days: String(brand.lead_time_days),
});

export default function BrandFormPage() {
  const params = useParams();
  const editing = params.id !== undefined;
  const id = params.id !== undefined && /^\d+$/.test(params.id) ? Number(params.id) : undefined;
  const navigate = useNavigate();
  const brand = useBrand(id);
  const save = useSaveBrand(id);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<BrandFields, unknown, BrandFormValues>({
    resolver,
    defaultValues: emptyBrand(),
    mode: 'onTouched',
  });
  const field = bindFields(register, errors);

  useEffect(() => {
    if ((editing && id === undefined) || brand.isError) {
      toast.error('Error al cargar la información del banco', { description: brand.error ? errorMessage(brand.error) : undefined });
      void navigate('/admin/bancos', { replace: true });
    }
  }, [editing, id, brand.isError, brand.error, navigate]);

  useEffect(() => {
    if (brand.data) reset(brandToForm(brand.data));
  }, [brand.data, reset]);

  const onSubmit = handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        toast.success(
          editing
            ? `Banco ${saved?.brand_name ?? values.brand_name} actualizado`
            : `Banco ${saved?.brand_name ?? values.brand_name} creado`,
        );
        void navigate('/admin/bancos');
      },
      onError: (error) => {
        if (error instanceof ApiError && error.errors) {
          for (const [field, messages] of Object.entries(error.errors))
            setError(field as keyof BrandFields, { type: 'server', message: messages[0] });
        }
        toast.error('Error al guardar el banco', { description: errorMessage(error, '') || undefined });
      },
    }),
  );

  if (editing && !brand.data) return <LoadingState label="Cargando banco..." />;

  return (
    <form onSubmit={onSubmit} noValidate className="mx-auto max-w-3xl">
      <PageHeader
        title={editing ? 'Editar banco' : 'Nuevo banco'}
        subtitle={brand.data?.brand_name}
        back={
          <Link to="/admin/bancos" className="mb-1 inline-flex items-center gap-1 text-sm text-stone-600 hover:text-stone-900">
            <ArrowLeftIcon size={14} />
            Bancos
          </Link>
        }
      />
      {brand.data && (
        <div className="mb-4 flex flex-wrap gap-2">
          <Badge tone="neutral">
            {brand.data.total_products} {brand.data.total_products === 1 ? 'producto' : 'productos'}
          </Badge>
          <Badge tone={brandStockTone(brand.data.total_stock)}>Stock: {brand.data.total_stock}</Badge>
          <Badge tone="neutral">/{brand.data.brand_id}</Badge>
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-[1fr_14rem]">
        <Panel title="Datos del banco">
          <div className="space-y-3">
            <TextField label="Nombre" required {...field('brand_name')} />
            <TextAreaField label="Descripción" rows={5} {...field('description')} />
            <TextField
              label="Demora de entrega (días)"
              inputMode="numeric"
              className="sm:w-56"
              hint="Desde que envías la compra hasta tener las semillas: 'Reponer' la cubre."
              {...field('lead_time_days')}
            />
            <FormSwitch control={control} name="is_national" label="Banco nacional" description="Apagado: banco internacional." />
            <FormSwitch control={control} name="visible" label="Visible en la tienda" />
          </div>
        </Panel>
        <Panel title="Logo">
          <Controller
            control={control}
            name="image"
            render={({ field, fieldState }) => (
              <ImageUpload
                label="Logo del banco"
                value={field.value}
                onChange={field.onChange}
                purpose="brand"
                hint="PNG recomendado, máximo 2MB."
                errorPrefix="Error al subir la imagen"
                error={fieldState.error?.message}
                className="max-w-56"
              />
            )}
          />
        </Panel>
      </div>
      <SaveBar className="bg-stone-100/95 sm:static sm:mx-0 sm:justify-end sm:border-0 sm:bg-transparent sm:p-0">
        <LinkButton to="/admin/bancos" variant="secondary" className="flex-1 sm:flex-none">
          Cancelar
        </LinkButton>
        <Button type="submit" className="flex-1 sm:flex-none" loading={save.isPending} loadingText="Guardando...">
          {editing ? 'Guardar cambios' : 'Crear banco'}
        </Button>
      </SaveBar>
    </form>
  );
}
