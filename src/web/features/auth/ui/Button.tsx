import type { ComponentProps } from 'react';

const variants = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 disabled:bg-stone-300 disabled:text-stone-600',
  secondary: 'border border-stone-300 bg-white text-stone-800 hover:bg-stone-50 disabled:text-stone-400',
  danger: 'bg-red-600 text-white hover:bg-red-700 disabled:bg-stone-300 disabled:text-stone-600',
  dangerOutline: 'border border-red-300 bg-white text-red-700 hover:bg-red-50 disabled:text-stone-400',
  ghost: 'text-brand-800 hover:bg-brand-50 disabled:text-stone-400',
} as const;

export const buttonClass = (variant: keyof typeof variants = 'primary', extra = '') =>
  `inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 py-2.5 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed ${variants[variant]} ${extra}`;

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: keyof typeof variants;
  /** Shows a spinner and `loadingText`, and disables the button. */
  loading?: boolean;
  loadingText?: string;
}

export function Button({ variant = 'primary', loading, loadingText, className = '', children, disabled, type = 'button', ...rest }: ButtonProps) {
  return (
    <button type={type} className={buttonClass(variant, className)} disabled={disabled || loading} aria-busy={loading || undefined} {...rest}>
      {loading && <span className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden="true" />}
      {loading && loadingText ? loadingText : children}
    </button>
  );
}
