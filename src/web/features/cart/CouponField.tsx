// "¿Tienes un cupón?" at checkout (issue 24): the customer types a code, the server says whether it
// applies to these lines and by how much (POST /api/coupons/check/, the same rules the order's
// transaction applies), and the totals show it before confirming.
import { useEffect, useId, useRef, useState } from 'react';
import type { CouponCheckResult } from '../../../domain/coupons';
import { formatArs } from '../../../domain/money';
import { api, ApiError } from '../../lib/api';
import type { CartLine } from '../../lib/cart-store';

const checkCoupon = (code: string, lines: CartLine[]) =>
  api.post<CouponCheckResult>(
    '/api/coupons/check/',
    { code, products: lines.map((l) => ({ product_id: l.id, blister_id: l.blister_id, quantity: l.quantity })) },
    { fallbackError: 'No pudimos revisar el cupón. Prueba de nuevo.' },
  );

export interface CouponState {
  /** The coupon that applies to the cart as it is now; null: none. */
  applied: (CouponCheckResult & { code: string }) | null;
  /** Why the last code does not apply, in the server's words. */
  refusal: string | null;
  checking: boolean;
  apply(code: string): Promise<void>;
  remove(): void;
  /** The order refused it at confirm (it ran out meanwhile): shown like a refusal. */
  refused(message: string): void;
}

/** The coupon of a checkout, checked again whenever the cart's lines change. */
export function useCoupon(lines: CartLine[]): CouponState {
  const [applied, setApplied] = useState<CouponState['applied']>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const latest = useRef(0);

  async function apply(code: string) {
    const request = ++latest.current;
    setChecking(true);
    try {
      const result = await checkCoupon(code, lines);
      if (request !== latest.current) return;
      if (result.valid && result.code) {
        setApplied({ ...result, code: result.code });
        setRefusal(null);
      } else {
        setApplied(null);
        setRefusal(result.message);
      }
    } catch (error) {
      if (request !== latest.current) return;
      setApplied(null);
      setRefusal(error instanceof ApiError ? error.message : 'No pudimos revisar el cupón. Prueba de nuevo.');
    } finally {
      if (request === latest.current) setChecking(false);
    }
  }

  const linesKey = lines.map((l) => `${l.blister_id}x${l.quantity}`).join(',');
  const appliedCode = applied?.code;
  useEffect(() => {
    if (appliedCode) void apply(appliedCode);
    // Only when the lines change: a new code is checked by apply itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [linesKey]);

  return {
    applied,
    refusal,
    checking,
    apply,
    remove: () => {
      latest.current++;
      setApplied(null);
      setRefusal(null);
      setChecking(false);
    },
    refused: (message) => {
      setApplied(null);
      setRefusal(message);
    },
  };
}

export function CouponField({ coupon }: { coupon: CouponState }) {
  const [code, setCode] = useState('');
  const inputId = useId();
  const messageId = useId();
  const { applied, refusal, checking } = coupon;

  if (applied) {
    return (
      <div
        className="flex items-center justify-between gap-3 rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-sm"
        role="status"
      >
        <p className="min-w-0 text-brand-900">
          Cupón <strong className="break-all">{applied.code}</strong>:{' '}
          {applied.free_shipping ? 'envío gratis' : `${formatArs(applied.discount)} de descuento`}
        </p>
        <button type="button" onClick={coupon.remove} className="shrink-0 font-semibold text-brand-800 underline underline-offset-2">
          Quitar
        </button>
      </div>
    );
  }

  return (
    <details className="rounded-lg border border-stone-200 px-3 py-2 text-sm" open={refusal !== null || undefined}>
      <summary className="cursor-pointer font-medium text-stone-800">¿Tienes un cupón?</summary>
      <div className="mt-2 flex gap-2">
        <label htmlFor={inputId} className="sr-only">
          Código del cupón
        </label>
        <input
          id={inputId}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          onKeyDown={(e) => {
            // Enter applies the code; it must not confirm the order.
            if (e.key === 'Enter') {
              e.preventDefault();
              if (code.trim()) void coupon.apply(code.trim());
            }
          }}
          autoComplete="off"
          autoCapitalize="characters"
          placeholder="Código"
          aria-invalid={refusal ? true : undefined}
          aria-describedby={refusal ? messageId : undefined}
          className="min-w-0 flex-1 rounded-lg border border-stone-300 bg-white px-3 py-2 text-base uppercase text-stone-900 placeholder:normal-case placeholder:text-stone-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
        />
        <button
          type="button"
          onClick={() => void coupon.apply(code.trim())}
          disabled={!code.trim() || checking}
          className="shrink-0 rounded-lg bg-stone-800 px-4 py-2 font-semibold text-white hover:bg-stone-900 disabled:bg-stone-300 disabled:text-stone-600"
        >
          {checking ? 'Revisando...' : 'Aplicar'}
        </button>
      </div>
      {refusal && (
        <p id={messageId} role="alert" className="mt-2 text-red-700">
          {refusal}
        </p>
      )}
    </details>
  );
}
