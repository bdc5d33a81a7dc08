// /producto/:id (spec storefront §2 product detail).
import { useRef, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { ProductDto } from '../../../domain/catalog';
import { TYPE_TO_CATEGORY } from '../../../domain/catalog-constants';
import { truncateAtWord } from '../../../domain/text';
import { ArrowRightIcon, ClockIcon, DropIcon, EditIcon, FlaskIcon, LeafIcon, SproutIcon } from '../../components/ui/icons';
import { ProductCarousel } from '../../components/ProductCarousel';
import { ApiError } from '../../lib/api';
import { DocumentTitle } from '../../lib/page-title';
import { useSession } from '../../lib/session';
import { productQuery, relatedProductsQuery, useProduct, useRelatedProducts } from '../../lib/catalog-api';
import type { PageData } from '../../lib/page-data';
import { BuyBox } from './BuyBox';
import { ProductGallery } from './ProductGallery';
import { Paragraphs, ProductTabs, type ProductTab } from './ProductTabs';
import { HydrationSlice } from '../../lib/hydration-slices';

// spec storefront §9: detail description cut at 300 (word boundary).
const DESCRIPTION_CUT = 300;

const productId = (raw: string | undefined) => (/^\d{1,10}$/.test(raw ?? '') ? Number(raw) : NaN);

/** The product, then the related products of the product found. */
export const pageData: PageData = async ({ queryClient, viewer, params }) => {
  const id = productId(params.id);
  if (!(id > 0)) return;
  const product = await queryClient.fetchQuery(productQuery(viewer, id)).catch(() => null);
  if (product) await queryClient.prefetchQuery(relatedProductsQuery(viewer, product.id));
};

export default function ProductPage() {
  const { id: rawId } = useParams();
  const id = productId(rawId);
  const product = useProduct(id);

  const notFound =
    !Number.isInteger(id) ||
    id < 1 ||
    (product.error instanceof ApiError && (product.error.status === 404 || product.error.status === 400));
  if (notFound) return <NotFound />;
  if (product.isError) return <LoadError onRetry={() => product.refetch()} />;
  if (!product.data) return <DetailSkeleton />;
  return <ProductDetail key={product.data.id} product={product.data} />;
}

function ProductDetail({ product }: { product: ProductDto }) {
  const { isAdmin } = useSession();
  const [tab, setTab] = useState<ProductTab>('specs');
  const tabsRef = useRef<HTMLDivElement>(null);
  const related = useRelatedProducts(product.id);
  const images = [product.image, product.image_2, product.image_3].filter((src): src is string => !!src);
  const description = product.description ?? '';
  const shortDescription = truncateAtWord(description, DESCRIPTION_CUT);
  const typeLabel = product.type_display;

  const readMore = () => {
    setTab('description');
    tabsRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-10">
      <DocumentTitle>{`Detalles del Producto - ${product.name}`}</DocumentTitle>
      <nav aria-label="Ruta de navegación" className="mb-5 text-sm text-stone-600">
        <ol className="flex flex-wrap items-center gap-1.5">
          <li>
            <Link to="/" className="hover:text-brand-700 hover:underline">
              Inicio
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li>
            <Link to="/productos" className="hover:text-brand-700 hover:underline">
              Catálogo
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="truncate font-medium text-stone-900">
            {product.name}
          </li>
        </ol>
      </nav>

      <div className="grid gap-8 lg:grid-cols-2 lg:gap-12">
        <ProductGallery images={images} name={product.name} />

        <div className="flex flex-col gap-5">
          <div>
            <div className="flex flex-wrap items-center gap-2">
              <Link
                to={`/productos?category=${TYPE_TO_CATEGORY[product.type]}`}
                className="rounded-full bg-brand-700 px-3 py-1 text-xs font-semibold text-white hover:bg-brand-800"
              >
                {typeLabel}
              </Link>
              <Link
                to={`/productos?bank=${encodeURIComponent(product.brand_slug ?? product.brand_info?.brand_id ?? '')}`}
                className="rounded-full bg-stone-100 px-3 py-1 text-xs font-semibold text-stone-800 ring-1 ring-stone-200 hover:bg-stone-200"
              >
                {product.brand}
              </Link>
              {isAdmin && (
                <Link
                  to={`/admin/productos/editar/${product.id}`}
                  className="ml-auto inline-flex items-center gap-1.5 rounded-full border border-stone-300 bg-white px-3 py-1 text-sm font-semibold text-stone-800 hover:border-brand-600 hover:text-brand-800"
                >
                  <EditIcon size={15} /> Editar producto
                </Link>
              )}
            </div>
            <h1 className="mt-3 text-3xl font-extrabold leading-tight tracking-tight text-stone-900 sm:text-4xl">{product.name}</h1>
          </div>

          {description && (
            <div className="text-stone-700">
              <Paragraphs text={shortDescription} className="leading-7" />
              {shortDescription !== description && (
                <button type="button" onClick={readMore} className="mt-1 font-semibold text-brand-700 hover:underline">
                  Leer más
                </button>
              )}
            </div>
          )}

          <HydrationSlice>
            <SpecTiles product={product} typeLabel={typeLabel} />
          </HydrationSlice>
          <BuyBox product={product} />
        </div>
      </div>

      <HydrationSlice>
        <div ref={tabsRef} className="mt-12 scroll-mt-24">
          <ProductTabs product={product} tab={tab} onTab={setTab} />
        </div>
      </HydrationSlice>

      {(related.isPending || (related.data?.length ?? 0) > 0) && (
        <div className="-mx-4 mt-8 sm:-mx-6">
          <ProductCarousel
            id="relacionados"
            title="Productos relacionados"
            products={related.data?.slice(0, 4)}
            loading={related.isPending}
            action={<CatalogButton />}
          />
        </div>
      )}
    </div>
  );
}

function CatalogButton() {
  return (
    <Link
      to="/productos"
      className="inline-flex items-center gap-1 whitespace-nowrap rounded-full px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50"
    >
      Ver catálogo <ArrowRightIcon size={16} />
    </Link>
  );
}

function SpecTiles({ product, typeLabel }: { product: ProductDto; typeLabel: string }) {
  const flavors = product.flavors?.trim();
  // Architecture departure: the spec's 'Feminizada' tile always said 'Si'; this one shows the
  // product's real type.
  const tiles: { label: string; value: ReactNode; icon: ReactNode; title?: string }[] = [
    { label: 'Floración', value: product.flowering_time, icon: <ClockIcon size={18} /> },
    { label: 'THC', value: product.thc, icon: <FlaskIcon size={18} /> },
    { label: 'CBD', value: product.cbd, icon: <DropIcon size={18} /> },
    { label: 'Tipo', value: typeLabel, icon: <SproutIcon size={18} /> },
    // Departure: the spec cut the flavours at 20 characters ('Cítrico, terroso, pi...') in a tile
    // two columns wide; they show whole, on up to two lines.
    { label: 'Sabor', value: flavors, title: flavors, icon: <LeafIcon size={18} /> },
  ];
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
      {tiles.map(({ label, value, icon, title }) => (
        <div
          key={label}
          className={`relative min-w-0 rounded-xl border border-stone-200 bg-white py-2.5 pl-15 pr-3 ${label === 'Sabor' ? 'col-span-2' : ''}`}
        >
          <dt className="text-xs text-stone-500">
            <span className="absolute left-3 top-1/2 flex h-9 w-9 -translate-y-1/2 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
              {icon}
            </span>
            {label}
          </dt>
          <dd className={`text-sm font-semibold text-stone-900 ${title ? 'line-clamp-2 break-words' : 'truncate'}`} title={title}>
            {value || '—'}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function NotFound() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <DocumentTitle>Producto no encontrado</DocumentTitle>
      <span className="flex h-16 w-16 items-center justify-center rounded-full bg-stone-100 text-stone-500">
        <SproutIcon size={30} />
      </span>
      <h1 className="mt-5 text-2xl font-bold text-stone-900">Producto no encontrado</h1>
      <p className="mt-2 text-stone-600">El producto que buscas no existe o no está disponible.</p>
      <Link to="/productos" className="mt-6 rounded-xl bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800">
        Ver catálogo
      </Link>
    </div>
  );
}

function LoadError({ onRetry }: { onRetry(): void }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <p className="text-lg font-semibold text-stone-800">No se pudo cargar el producto.</p>
      <button
        type="button"
        onClick={onRetry}
        className="mt-4 rounded-xl bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
      >
        Reintentar
      </button>
    </div>
  );
}

function DetailSkeleton() {
  return (
    <div
      className="mx-auto grid min-h-screen max-w-7xl content-start gap-8 px-4 py-6 sm:px-6 sm:py-10 lg:grid-cols-2 lg:gap-12"
      aria-busy="true"
    >
      <span className="sr-only" role="status">
        Cargando producto...
      </span>
      <div className="aspect-square w-full animate-pulse rounded-3xl bg-stone-200" />
      <div className="flex flex-col gap-4">
        <div className="h-6 w-40 animate-pulse rounded-full bg-stone-200" />
        <div className="h-10 w-3/4 animate-pulse rounded bg-stone-200" />
        <div className="h-24 w-full animate-pulse rounded bg-stone-100" />
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {Array.from({ length: 5 }, (_, i) => (
            <div key={i} className="h-14 animate-pulse rounded-xl bg-stone-100" />
          ))}
        </div>
        <div className="h-52 animate-pulse rounded-2xl bg-stone-100" />
      </div>
    </div>
  );
}
