// Buttons of the back office: compact, with a busy state that keeps their width readable.
import type { ComponentProps } from 'react';
import { Link, type LinkProps } from 'react-router';

const variants = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 disabled:bg-stone-300 disabled:text-stone-600',
  secondary: 'border border-stone-300 bg-white text-stone-800 hover:bg-stone-50 disabled:text-stone-400',
  danger: 'bg-red-600 text-white hover:bg-red-700 disabled:bg-stone-300 disabled:text-stone-600',
  ghost: 'text-stone-700 hover:bg-stone-100 hover:text-stone-900 disabled:text-stone-400',
  'ghost-danger': 'text-red-700 hover:bg-red-50 disabled:text-stone-400',
} as const;

export type ButtonVariant = keyof typeof variants;

const sizes = {
  sm: 'min-h-8 px-2.5 py-1 text-xs gap-1.5',
  md: 'min-h-10 px-3.5 py-2 text-sm gap-2',
} as const;

export const buttonClass = (variant: ButtonVariant = 'primary', size: keyof typeof sizes = 'md', extra = '') =>
  `inline-flex items-center justify-center rounded-lg font-semibold transition disabled:cursor-not-allowed ${sizes[size]} ${variants[variant]} ${extra}`;

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: keyof typeof sizes;
  /** Shows a spinner and `loadingText`, and disables the button. */
  loading?: boolean;
  loadingText?: string;
}

export function Button({ variant = 'primary', size = 'md', loading, loadingText, className = '', children, disabled, type = 'button', ...rest }: ButtonProps) {
  return (
    <button type={type} className={buttonClass(variant, size, className)} disabled={disabled || loading} aria-busy={loading || undefined} {...rest}>
      {loading && <Spinner />}
      {loading && loadingText ? loadingText : children}
    </button>
  );
}

export function LinkButton({ variant = 'primary', size = 'md', className = '', ...rest }: LinkProps & { variant?: ButtonVariant; size?: keyof typeof sizes }) {
  return <Link className={buttonClass(variant, size, className)} {...rest} />;
}

/** A square icon-only button; `label` names it for screen readers and as a tooltip. */
export function IconButton({ label, variant = 'ghost', className = '', children, ...rest }: ComponentProps<'button'> & { label: string; variant?: ButtonVariant }) {
  return (
    <button type="button" aria-label={label} title={label} className={`${buttonClass(variant, 'md', 'min-w-10 !px-2')} ${className}`} {...rest}>
      {children}
    </button>
  );
}

export function Spinner({ className = 'h-4 w-4' }: { className?: string }) {
  return <span className={`${className} animate-spin rounded-full border-2 border-current border-t-transparent`} aria-hidden="true" />;
}
