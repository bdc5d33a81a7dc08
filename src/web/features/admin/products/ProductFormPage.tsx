// 'Agregar Producto' / 'Editar Producto' (spec accounts-admin §2 admin product form, §5 product
// form): one form validated by the shared productFormSchema, saved in one call with its blisters.
import { Link } from 'react-router';
import { CostAbovePriceList, PriceChangeList } from '../ui/PriceChangeList';
import { PageHeader, Panel } from '../ui/PageHeader';
import { SaveBar } from '../ui/SaveBar';
import { BlistersEditor } from './BlistersEditor';
import { BasicInfoPanel, GrowthPanel, ImagesPanel, MetadataPanel } from './ProductFormPanels';
import { useProductForm } from './use-product-form';
import { Button } from '../../../components/ui/Button';
import { ConfirmModal } from '../../../components/ui/ConfirmModal';
import { ArrowLeftIcon } from '../../../components/ui/account-icons';
import { LoadingState } from '../../../components/ui/states';

export default function ProductFormPage() {
  const { form, editing, product, brands, rate, saving, onSubmit, resetForm, priceCheck, costCheck, confirmPrices, cancelPrices } =
    useProductForm();

  if (editing && !product.data) return <LoadingState label="Cargando producto..." />;

  return (
    <form onSubmit={onSubmit} noValidate>
      <PageHeader
        title={editing ? 'Editar Producto' : 'Agregar Producto'}
        subtitle={editing && product.data ? product.data.name : 'Completa los datos y las presentaciones del producto.'}
        back={
          <Link to="/admin/productos" className="mb-1 inline-flex items-center gap-1 text-sm text-stone-600 hover:text-stone-900">
            <ArrowLeftIcon size={14} />
            Catálogo
          </Link>
        }
      />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-4">
          <BasicInfoPanel form={form} brands={brands} />
          <GrowthPanel form={form} />
          <Panel title="Presentaciones" description="Blísters a la venta: cantidad de semillas, precio, stock y descuento propio.">
            <BlistersEditor
              control={form.control}
              register={form.register}
              setValue={form.setValue}
              getValues={form.getValues}
              errors={form.formState.errors}
              rate={rate}
            />
          </Panel>
        </div>
        <div className="min-w-0 space-y-4">
          <ImagesPanel form={form} />
          <MetadataPanel form={form} />
        </div>
      </div>
      <SaveBar className="bg-white/95 sm:-mx-6 sm:justify-end sm:px-6">
        <Button variant="secondary" className="flex-1 sm:flex-none" disabled={saving} onClick={resetForm}>
          Restablecer
        </Button>
        <Button type="submit" className="flex-1 sm:flex-none sm:min-w-44" loading={saving} loadingText="Guardando...">
          {editing ? 'Actualizar producto' : 'Guardar producto'}
        </Button>
      </SaveBar>
      <ConfirmModal
        open={priceCheck !== null}
        title="¿Confirmas estos precios?"
        tone="primary"
        confirmLabel="Sí, guardar estos precios"
        busy={saving}
        busyLabel="Guardando..."
        onConfirm={() => void confirmPrices()}
        onClose={cancelPrices}
      >
        {(priceCheck ?? []).length > 0 && (
          <p>Estos precios cambian mucho respecto de los actuales. Revisa que no falte ni sobre un cero:</p>
        )}
        <PriceChangeList changes={priceCheck ?? []} />
        <CostAbovePriceList costs={costCheck} />
      </ConfirmModal>
    </form>
  );
}
