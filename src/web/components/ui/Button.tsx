// Buttons of the shop and the back office: one set of variants, in the storefront's large size or
// the back office's compact ones (by default as the surrounding `DensityContext` says).
import { createContext, useContext, type ComponentProps } from 'react';
import { Link, type LinkProps } from 'react-router';

/** How dense the kit draws: the storefront's comfortable sizes, or the back office's compact ones.
 * The admin area sets it once for everything under it; a control's own `size` or `compact` prop
 * still wins. (Here rather than in a module of its own: the storefront's first load carries this
 * one, and a separate one would be one more request.) */
export const DensityContext = createContext<'comfortable' | 'compact'>('comfortable');

/** Whether the controls drawn here default to the compact size. */
export const useCompact = () => useContext(DensityContext) === 'compact';

const variants = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 disabled:bg-stone-300 disabled:text-stone-600',
  secondary: 'border border-stone-300 bg-white text-stone-800 hover:bg-stone-50 disabled:text-stone-400',
  danger: 'bg-red-600 text-white hover:bg-red-700 disabled:bg-stone-300 disabled:text-stone-600',
  dangerOutline: 'border border-red-300 bg-white text-red-700 hover:bg-red-50 disabled:text-stone-400',
  ghost: 'text-brand-800 hover:bg-brand-50 disabled:text-stone-400',
  ghostMuted: 'text-stone-700 hover:bg-stone-100 hover:text-stone-900 disabled:text-stone-400',
  ghostDanger: 'text-red-700 hover:bg-red-50 disabled:text-stone-400',
} as const;

export type ButtonVariant = keyof typeof variants;

const sizes = {
  sm: 'min-h-8 px-2.5 py-1 text-xs gap-1.5',
  md: 'min-h-10 px-3.5 py-2 text-sm gap-2',
  lg: 'min-h-11 px-4 py-2.5 text-sm gap-2',
} as const;

export type ButtonSize = keyof typeof sizes;

// The focus ring is the global :focus-visible outline of styles.css.
export const buttonClass = (variant: ButtonVariant = 'primary', extra = '', size: ButtonSize = 'lg') =>
  `inline-flex items-center justify-center rounded-lg font-semibold transition disabled:cursor-not-allowed ${sizes[size]} ${variants[variant]} ${extra}`;

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  /** By default `lg`, or `md` where the density is compact. */
  size?: ButtonSize;
  /** Shows a spinner and `loadingText`, and disables the button. */
  loading?: boolean;
  loadingText?: string;
}

export function Button({
  variant = 'primary',
  size,
  loading,
  loadingText,
  className = '',
  children,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps) {
  const defaultSize = useDefaultSize();
  return (
    <button
      type={type}
      className={buttonClass(variant, className, size ?? defaultSize)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading && <Spinner />}
      {loading && loadingText ? loadingText : children}
    </button>
  );
}

export function LinkButton({
  variant = 'primary',
  size,
  className = '',
  ...rest
}: LinkProps & { variant?: ButtonVariant; size?: ButtonSize }) {
  const defaultSize = useDefaultSize();
  return <Link className={buttonClass(variant, className, size ?? defaultSize)} {...rest} />;
}

function useDefaultSize(): ButtonSize {
  return useCompact() ? 'md' : 'lg';
}

/** A square icon-only button; `label` names it for screen readers and as a tooltip. */
export function IconButton({
  label,
  variant = 'ghostMuted',
  className = '',
  children,
  ...rest
}: ComponentProps<'button'> & { label: string; variant?: ButtonVariant }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      className={`${buttonClass(variant, 'min-w-10 !px-2', 'md')} ${className}`}
      {...rest}
    >
      {children}
    </button>
  );
}

export function Spinner({ className = 'h-4 w-4' }: { className?: string }) {
  return <span className={`${className} animate-spin rounded-full border-2 border-current border-t-transparent`} aria-hidden="true" />;
}
