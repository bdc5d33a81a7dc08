// spec storefront §2 home: 4 promoted searches rotating every 5 seconds, each linking to its search.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ArrowRightIcon, ChevronLeftIcon, ChevronRightIcon } from '../../components/ui/icons';

const ROTATE_MS = 5000;

const PROMOS = [
  {
    search: 'royal queen',
    title: 'Royal Queen Seeds',
    text: 'Genéticas europeas premiadas, estables y productivas.',
    tone: 'from-brand-800 to-brand-950',
  },
  {
    search: 'se+',
    title: 'SE+ Seeds',
    text: 'Genéticas argentinas adaptadas a nuestro clima y al cultivo de balcón.',
    tone: 'from-emerald-700 to-teal-950',
  },
  {
    search: 'gorilla bsf',
    title: 'Gorilla BSF',
    text: 'Las Gorilla de BSF Seeds: producción XXL y resina abundante.',
    tone: 'from-lime-800 to-brand-950',
  },
  {
    search: 'sweed lab',
    title: 'Sweed Lab',
    text: 'Cruces dulces y cítricos seleccionados en Córdoba.',
    tone: 'from-teal-800 to-emerald-950',
  },
] as const;

export function PromoCarousel() {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (paused) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % PROMOS.length), ROTATE_MS);
    return () => clearInterval(timer);
  }, [paused]);

  const go = (delta: number) => setIndex((i) => (i + delta + PROMOS.length) % PROMOS.length);

  return (
    <section
      aria-roledescription="carrusel"
      aria-label="Búsquedas destacadas"
      className="mx-auto w-full max-w-7xl px-4 sm:px-6"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="relative h-56 overflow-hidden rounded-3xl sm:h-44">
        {PROMOS.map((promo, i) => (
          <div
            key={promo.search}
            role="group"
            aria-roledescription="diapositiva"
            aria-label={`${i + 1} de ${PROMOS.length}`}
            aria-hidden={i !== index}
            inert={i !== index}
            className={`absolute inset-0 flex items-center bg-gradient-to-br ${promo.tone} px-6 transition-opacity duration-700 motion-reduce:transition-none sm:px-12 ${
              i === index ? 'opacity-100' : 'opacity-0'
            }`}
          >
            <div className="pointer-events-none absolute -right-10 -top-16 h-56 w-56 rounded-full bg-white/5" aria-hidden="true" />
            <div className="pointer-events-none absolute -bottom-24 right-24 h-56 w-56 rounded-full bg-accent-400/10" aria-hidden="true" />
            {/* sm:pr-16 and the arrows' right-20: clear of the floating WhatsApp button when the banner sits at the screen's foot. */}
            <div className="relative flex w-full flex-col gap-3 sm:flex-row sm:items-center sm:justify-between sm:pr-16">
              <div>
                <p className="text-xs font-semibold uppercase tracking-widest text-accent-400">Búsqueda destacada</p>
                <h2 className="mt-1 text-2xl font-bold text-white sm:text-3xl">{promo.title}</h2>
                <p className="mt-1 max-w-md text-sm text-brand-100">{promo.text}</p>
              </div>
              <Link
                to={`/productos?search=${encodeURIComponent(promo.search)}`}
                className="inline-flex w-fit items-center gap-2 rounded-full bg-white px-5 py-2.5 text-sm font-semibold text-brand-900 transition hover:bg-accent-400"
              >
                Ver productos <ArrowRightIcon size={16} />
              </Link>
            </div>
          </div>
        ))}
        <div className="absolute bottom-3 left-6 flex items-center gap-1 sm:left-12">
          {PROMOS.map((promo, i) => (
            <button
              key={promo.search}
              type="button"
              onClick={() => setIndex(i)}
              aria-label={`Ver ${promo.title}`}
              aria-current={i === index}
              className="flex h-6 w-6 items-center justify-center"
            >
              <span className={`block h-2 rounded-full transition-all ${i === index ? 'w-6 bg-white' : 'w-2 bg-white/50'}`} />
            </button>
          ))}
        </div>
        <div className="absolute bottom-3 right-20 hidden gap-2 sm:flex">
          <button
            type="button"
            onClick={() => go(-1)}
            className="rounded-full bg-white/15 p-1.5 text-white hover:bg-white/30"
            aria-label="Anterior"
          >
            <ChevronLeftIcon size={18} />
          </button>
          <button
            type="button"
            onClick={() => go(1)}
            className="rounded-full bg-white/15 p-1.5 text-white hover:bg-white/30"
            aria-label="Siguiente"
          >
            <ChevronRightIcon size={18} />
          </button>
        </div>
      </div>
    </section>
  );
}
