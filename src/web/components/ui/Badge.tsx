import type { ReactNode } from 'react';

const tones = {
  success: 'bg-green-100 text-green-800 ring-green-600/20',
  warning: 'bg-amber-100 text-amber-900 ring-amber-600/25',
  danger: 'bg-red-100 text-red-800 ring-red-600/20',
  neutral: 'bg-stone-100 text-stone-700 ring-stone-500/20',
  info: 'bg-sky-100 text-sky-800 ring-sky-600/20',
  brand: 'bg-brand-100 text-brand-800 ring-brand-600/20',
} as const;

export type BadgeTone = keyof typeof tones;

export const badgeClass = (tone: BadgeTone, extra = '') =>
  `inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${tones[tone]} ${extra}`;

export function Badge({ tone = 'neutral', children, className = '' }: { tone?: BadgeTone; children: ReactNode; className?: string }) {
  return <span className={badgeClass(tone, className)}>{children}</span>;
}
