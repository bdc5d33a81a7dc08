// The panels of the product form: basic data with the brand, growing data, images and metadata.
import { Controller, type UseFormReturn } from 'react-hook-form';
import type { ProductFormValues } from '../../../../domain/admin-catalog';
import { PRODUCT_TYPE_LABELS, PRODUCT_TYPES, type BrandDto } from '../../../../domain/catalog';
import { ImageUpload } from '../ui/ImageUpload';
import { Panel } from '../ui/PageHeader';
import { BrandPicker } from './BrandPicker';
import type { ProductFormFields } from './product-form';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/fields';
import { FormSwitch } from '../../../components/ui/checkboxes';
import { bindFields } from '../../../lib/form-fields';

type ProductForm = UseFormReturn<ProductFormFields, unknown, ProductFormValues>;

const GROWTH_FIELDS = [
  ['flowering_time', 'Tiempo de floración', 'Ej: 8-9 semanas'],
  ['completed_cicle', 'Ciclo Completo', 'Ej: 10 semanas'],
  ['height_indoor', 'Altura interior', 'Ej: 80-120 cm'],
  ['height_outdoor', 'Altura exterior', 'Ej: 150-200 cm'],
  ['yield_indoor', 'Producción interior', 'Ej: 450 g/m²'],
  ['yield_outdoor', 'Producción exterior', 'Ej: 600 g/planta'],
] as const;

export function BasicInfoPanel({ form, brands }: { form: ProductForm; brands: BrandDto[] }) {
  const {
    register,
    control,
    setValue,
    getValues,
    formState: { errors },
  } = form;
  const field = bindFields(register, errors);
  return (
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
              brands={brands}
              error={fieldState.error?.message ?? errors.brand_id?.message}
            />
          )}
        />
        <TextField label="Nombre del producto" required {...field('name')} />
        <SelectField label="Tipo" required {...field('type')}>
          <option value="">Seleccionar tipo</option>
          {PRODUCT_TYPES.map((t) => (
            <option key={t} value={t}>
              {PRODUCT_TYPE_LABELS[t]}
            </option>
          ))}
        </SelectField>
        <TextField label="Genotipo" placeholder="Ej: Gorilla Glue x OG Kush" {...field('genotype')} />
        <TextField label="Sabores" hint="Separados por comas" {...field('flavors')} />
        <TextField label="Efectos" hint="Separados por comas" {...field('effects')} />
        <div className="grid grid-cols-2 gap-3">
          <TextField label="Sativa (%)" inputMode="decimal" {...field('sativa')} />
          <TextField label="Indica (%)" inputMode="decimal" {...field('indica')} />
        </div>
        <div className="grid grid-cols-2 gap-3">
          <TextField label="THC (%)" placeholder="Ej: 22%" {...field('thc')} />
          <TextField label="CBD (%)" placeholder="Ej: 0,5%" {...field('cbd')} />
        </div>
        <TextAreaField
          label="Descripción"
          className="sm:col-span-2"
          rows={5}

          {...field('description')}
        />
      </div>
    </Panel>
  );
}

export function GrowthPanel({ form }: { form: ProductForm }) {
  const {
    register,
    formState: { errors },
  } = form;
  const field = bindFields(register, errors);
  return (
    <Panel title="Información de cultivo">
      <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {GROWTH_FIELDS.map(([name, label, placeholder]) => (
          <TextField key={name} label={label} placeholder={placeholder} {...field(name)} />
        ))}
      </div>
    </Panel>
  );
}

export function ImagesPanel({ form }: { form: ProductForm }) {
  return (
    <Panel title="Imágenes" description="Tamaño recomendado: 1000x1000 px">
      <div className="grid grid-cols-2 gap-3">
        {(['image', 'image_2'] as const).map((name, i) => (
          <Controller
            key={name}
            control={form.control}
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
  );
}

export function MetadataPanel({ form }: { form: ProductForm }) {
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const field = bindFields(register, errors);
  return (
    <Panel title="Metadatos">
      <div className="space-y-3">
        <TextField label="SKU" placeholder="Ej: SWS-GOR-3" {...field('sku')} />
        <FormSwitch
          control={control}
          name="available"
          label="Disponible en la tienda"
          description="Si está apagado, los clientes no ven el producto."
        />
      </div>
    </Panel>
  );
}
