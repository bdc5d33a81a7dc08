export function PageLoader({ label = 'Cargando...' }: { label?: string }) {
  return (
    <div className="flex min-h-[40vh] items-center justify-center" role="status" aria-live="polite">
      <span className="h-8 w-8 animate-spin rounded-full border-4 border-brand-200 border-t-brand-700" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}

/** A spinner with its text, where a part of a page waits for its data. */
export function SectionLoader({ label }: { label: string }) {
  return (
    <div className="flex items-center justify-center gap-3 py-16 text-stone-600" role="status">
      <span className="h-6 w-6 animate-spin rounded-full border-4 border-brand-200 border-t-brand-700" aria-hidden="true" />
      {label}
    </div>
  );
}
