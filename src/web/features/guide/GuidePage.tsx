// /como-germinar (spec accounts-admin §1 and §2 germination guide): a full-screen
// 'Información Importante' notice first, then the four steps, with links to the catalog.
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ArrowRightIcon, ClockIcon, DropIcon, InfoIcon, ShieldIcon, SproutIcon, ThermometerIcon } from '../../components/ui/icons';

const STEPS = [
  {
    title: 'Aclimata las semillas',
    text: 'Deja las semillas en su envase, a temperatura ambiente y lejos de la luz, durante 24 a 48 horas antes de empezar.',
    icon: ClockIcon,
  },
  {
    title: 'Prepara el agua',
    text: 'Usa agua a 20-25 °C y agrégale 2 o 3 gotas de agua oxigenada: oxigena y evita hongos.',
    icon: ThermometerIcon,
  },
  {
    title: 'Remoja de 24 a 72 horas',
    text: 'Sumerge las semillas en un vaso con esa agua, en un lugar oscuro y templado, hasta que asome la raíz.',
    icon: DropIcon,
  },
  {
    title: 'Planta a 1-2 cm',
    text: 'Con la raíz hacia abajo, planta cada semilla a 1 o 2 cm de profundidad en sustrato húmedo, sin compactar.',
    icon: SproutIcon,
  },
] as const;

export default function GuidePage() {
  const [noticeOpen, setNoticeOpen] = useState(true);

  return (
    <>
      {noticeOpen && <ImportantNotice onClose={() => setNoticeOpen(false)} />}
      <div className="bg-brand-950 text-white">
        <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 sm:py-16">
          <p className="text-xs font-semibold uppercase tracking-widest text-accent-400">Guía paso a paso</p>
          <h1 className="mt-2 text-3xl font-extrabold tracking-tight sm:text-5xl">Garantía y Germinación</h1>
          <p className="mt-4 max-w-2xl text-lg text-brand-100">
            Sigue estos cuatro pasos para germinar tus semillas con la mejor probabilidad de éxito.
          </p>
        </div>
      </div>

      <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 sm:py-14">
        <ol className="grid gap-5 sm:grid-cols-2">
          {STEPS.map(({ title, text, icon: Icon }, i) => (
            <li key={title} className="relative rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
              <div className="flex items-center gap-3">
                <span
                  className="flex h-11 w-11 items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white"
                  aria-hidden="true"
                >
                  {i + 1}
                </span>
                <Icon size={22} className="text-brand-700" />
              </div>
              <h2 className="mt-4 text-lg font-bold text-stone-900">
                <span className="sr-only">Paso {i + 1}: </span>
                {title}
              </h2>
              <p className="mt-2 text-stone-600">{text}</p>
            </li>
          ))}
        </ol>

        <div className="mt-10 flex flex-col gap-4 rounded-2xl border border-amber-200 bg-amber-50 p-6 sm:flex-row sm:items-center">
          <ShieldIcon size={32} className="shrink-0 text-amber-700" />
          <p className="text-amber-900">
            La garantía cubre únicamente la germinación inicial de la semilla y no reemplaza plántulas. Si una semilla no germina siguiendo
            esta guía,{' '}
            <Link to="/garantia" className="font-semibold underline underline-offset-2 hover:text-amber-950">
              solicita la garantía
            </Link>
            .
          </p>
        </div>

        <div className="mt-10 text-center">
          <Link
            to="/productos"
            className="inline-flex items-center gap-2 rounded-full bg-brand-700 px-7 py-3.5 font-semibold text-white hover:bg-brand-800"
          >
            Ver catálogo <ArrowRightIcon size={18} />
          </Link>
        </div>
      </div>
    </>
  );
}

function ImportantNotice({ onClose }: { onClose(): void }) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  // The page under the notice does not scroll: data-scroll-lock, theme.css.
  useEffect(() => {
    buttonRef.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <div
      data-scroll-lock
      role="dialog"
      aria-modal="true"
      aria-labelledby="notice-title"
      className="fixed inset-0 z-[60] flex items-center justify-center overflow-y-auto bg-brand-950/95 p-4 text-white backdrop-blur"
    >
      <div className="w-full max-w-lg py-8 text-center">
        <span className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-accent-400/15 text-accent-400">
          <InfoIcon size={34} />
        </span>
        <h2 id="notice-title" className="mt-5 text-3xl font-extrabold">
          Información Importante
        </h2>
        <p className="mt-4 text-lg text-brand-100">
          La garantía de germinación cubre solo la germinación inicial de las semillas y no reemplaza plántulas.
        </p>
        <p className="mt-3 text-brand-100">Para que la garantía sea válida, sigue los pasos de esta guía al pie de la letra.</p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
          <button
            ref={buttonRef}
            type="button"
            onClick={onClose}
            className="rounded-full bg-accent-400 px-7 py-3 font-semibold text-brand-950 hover:bg-accent-500"
          >
            Entendido, ver la guía
          </button>
          <Link to="/productos" className="rounded-full px-7 py-3 font-semibold text-white ring-1 ring-white/40 hover:bg-white/10">
            Ir al catálogo
          </Link>
        </div>
      </div>
    </div>
  );
}
