// Placeholders for the pages whose body depends on the visitor (cart, account, login…): the
// server sends them inside the real header and footer, and the browser shows them until the
// page's code has loaded (routes.tsx, HydrateFallback). Each keeps its page's outer footprint.
import type { ReactNode } from 'react';

/** A grey block; `light` for fields and secondary text, `round` for avatars and icons. */
function Bar({ className, light = false, round = false }: { className: string; light?: boolean; round?: boolean }) {
  return (
    <div className={`animate-pulse ${round ? 'rounded-full' : 'rounded-lg'} ${light ? 'bg-stone-100' : 'bg-stone-200'} ${className}`} />
  );
}

function Loading({ className, children }: { className: string; children: ReactNode }) {
  return (
    <div className={className} role="status" aria-busy="true">
      <span className="sr-only">Cargando...</span>
      <div aria-hidden="true">{children}</div>
    </div>
  );
}

function Fields({ count }: { count: number }) {
  return (
    <div className="space-y-5">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="space-y-2">
          <Bar className="h-4 w-1/3" />
          <Bar className="h-11 w-full" light />
        </div>
      ))}
      <Bar className="h-11 w-full" />
    </div>
  );
}

/** Login, registration and password reset: the centered card of AuthShell. */
export function AuthSkeleton({ fields = 2, wide = false }: { fields?: number; wide?: boolean }) {
  return (
    <Loading className="bg-gradient-to-b from-brand-50 to-stone-50 px-4 py-8 sm:py-14">
      <div className={`mx-auto w-full ${wide ? 'max-w-xl' : 'max-w-md'}`}>
        <div className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
          <div className="mb-6 flex flex-col items-center gap-3">
            <Bar className="h-12 w-12" round />
            <Bar className="h-7 w-1/2" />
            <Bar className="h-4 w-3/4" light />
          </div>
          <Fields count={fields} />
        </div>
      </div>
    </Loading>
  );
}

export const LoginSkeleton = () => <AuthSkeleton fields={2} />;
export const RegisterSkeleton = () => <AuthSkeleton fields={5} wide />;
export const ResetSkeleton = () => <AuthSkeleton fields={1} />;

/** The cart: its heading, the lines and the summary. */
export function CartSkeleton() {
  return (
    <Loading className="mx-auto max-w-6xl px-4 py-6 sm:py-10">
      <Bar className="h-8 w-48 sm:h-9" />
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem] lg:items-start">
        <div className="divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white px-4 shadow-sm sm:px-6">
          {[0, 1].map((i) => (
            <div key={i} className="flex gap-4 py-5">
              <Bar className="h-20 w-20 shrink-0" />
              <div className="flex-1 space-y-2">
                <Bar className="h-4 w-3/5" />
                <Bar className="h-3 w-1/4" light />
                <Bar className="h-9 w-28" light />
              </div>
            </div>
          ))}
        </div>
        <div className="space-y-3 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6">
          <Bar className="h-6 w-1/3" />
          <Bar className="h-4 w-full" light />
          <Bar className="h-5 w-full" />
          <Bar className="mt-5 h-11 w-full" />
        </div>
      </div>
    </Loading>
  );
}

/** My account: the section menu and the section. */
export function AccountSkeleton() {
  return (
    <Loading className="mx-auto max-w-6xl px-4 py-6 sm:py-10">
      <div className="grid gap-6 lg:grid-cols-[16rem_1fr] lg:items-start">
        <div className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
          <div className="flex items-center gap-3 border-b border-stone-200 pb-4">
            <Bar className="h-11 w-11 shrink-0" round />
            <div className="flex-1 space-y-2">
              <Bar className="h-4 w-2/3" />
              <Bar className="h-3 w-1/2" light />
            </div>
          </div>
          <div className="mt-3 grid auto-cols-fr grid-flow-col gap-1 lg:grid-flow-row">
            {[0, 1, 2, 3].map((i) => (
              <Bar key={i} className="h-14 sm:h-10" light />
            ))}
          </div>
        </div>
        <div className="space-y-4 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6">
          <Bar className="h-6 w-1/3" />
          <Bar className="h-24 w-full" light />
          <Bar className="h-24 w-full" light />
        </div>
      </div>
    </Loading>
  );
}

/** The guest warranty claim: its heading and the form. */
export function WarrantySkeleton() {
  return (
    <Loading className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <Bar className="h-3 w-40" light />
      <Bar className="mt-2 h-8 w-2/3 sm:h-9" />
      <Bar className="mt-3 h-4 w-full" light />
      <Bar className="mt-2 h-4 w-4/5" light />
      <div className="mt-6">
        <Fields count={4} />
      </div>
    </Loading>
  );
}
