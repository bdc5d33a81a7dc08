// Grey placeholders with the exact footprint of what loads, so nothing jumps when it arrives.

export function ProductCardSkeleton() {
  return (
    <div className="flex h-full flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white" aria-hidden="true">
      <div className="aspect-square w-full animate-pulse bg-stone-200" />
      <div className="flex flex-col gap-2 p-3 sm:p-4">
        <div className="h-3 w-1/3 animate-pulse rounded bg-stone-200" />
        <div className="h-4 w-4/5 animate-pulse rounded bg-stone-200" />
        <div className="h-4 w-3/5 animate-pulse rounded bg-stone-200" />
        <div className="mt-3 h-8 w-full animate-pulse rounded-lg bg-stone-100" />
      </div>
    </div>
  );
}
