// Form building blocks shared by the account, auth, checkout and warranty screens (and, compact,
// the back office): labelled controls whose error and hint texts are tied to them through
// aria-describedby.
import { CODE_DIGITS, normalizeCode } from '../../../domain/one-time-code';
import { useId, useState, type ComponentProps, type ReactNode } from 'react';
import { useCompact } from './Button';
import { EyeIcon, SearchIcon } from './icons';
import { EyeOffIcon } from './account-icons';

/** The classes of a text control: the storefront's, or the back office's `compact` ones. */
export function controlClass(invalid: boolean, extra = '', compact = false) {
  const size = compact ? 'px-3 py-2 sm:text-sm shadow-xs' : 'px-3.5 py-2.5 shadow-sm focus:ring-offset-0';
  const state = invalid
    ? 'border-red-500 focus:border-red-600 focus:ring-red-500/30'
    : `border-stone-300 focus:border-brand-600 ${compact ? 'focus:ring-brand-600/25' : 'focus:ring-brand-600/30'}`;
  return (
    'block w-full rounded-lg border bg-white text-base text-stone-900 transition placeholder:text-stone-400 focus:outline-none ' +
    `focus:ring-2 disabled:cursor-not-allowed disabled:bg-stone-100 disabled:text-stone-500 ${size} ${state} ${extra}`
  );
}

/** What a field frame puts on its control: the id its label names and the ARIA wiring. */
export interface ControlAttributes {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
  'aria-required'?: true;
}

export interface FieldOptions {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** Marks the label "(opcional)". */
  optional?: boolean;
  /** Marks the label with an asterisk and the control as required for screen readers. */
  required?: boolean;
  /** Hide the label visually (it still names the control). */
  hideLabel?: boolean;
  /** The back office's smaller label, messages and control (by default where the density is compact). */
  compact?: boolean;
  /** The control's id (one is made up otherwise). */
  id?: string;
  /** Classes of the frame around label, control and messages. */
  className?: string;
}

const FIELD_OPTIONS = ['label', 'error', 'hint', 'optional', 'required', 'hideLabel', 'compact', 'id', 'className'] as const;

/** A control's props split into the frame's options and the rest, for the control itself; `compact`
 * as given, or as the density says. A hook: it reads the density. */
function useSplitField<P extends FieldOptions>(props: P): [FieldOptions & { compact: boolean }, Omit<P, keyof FieldOptions>] {
  const dense = useCompact();
  const rest = { ...props } as Record<string, unknown>;
  const field: Record<string, unknown> = {};
  for (const key of FIELD_OPTIONS) {
    field[key] = rest[key];
    delete rest[key];
  }
  field.compact ??= dense;
  return [field as unknown as FieldOptions & { compact: boolean }, rest as Omit<P, keyof FieldOptions>];
}

/** The label, hint and error around any control, tied to it through the attributes it passes on. */
export function FieldFrame({
  label,
  error,
  hint,
  optional,
  required,
  hideLabel,
  compact: compactProp,
  id,
  className = '',
  children,
}: FieldOptions & { children: (control: ControlAttributes, invalid: boolean) => ReactNode }) {
  const dense = useCompact();
  const compact = compactProp ?? dense;
  const autoId = useId();
  const controlId = id ?? autoId;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const control: ControlAttributes = {
    id: controlId,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [errorId, hintId].filter(Boolean).join(' ') || undefined,
    'aria-required': required || undefined,
  };
  const labelClass = compact ? 'mb-1 block text-xs font-semibold text-stone-700' : 'mb-1.5 block text-sm font-medium text-stone-800';
  const messageClass = compact ? 'mt-1 text-xs' : 'mt-1.5 text-sm';
  return (
    <div className={className}>
      <label htmlFor={controlId} className={hideLabel ? 'sr-only' : labelClass}>
        {label}
        {optional && <span className="font-normal text-stone-500"> (opcional)</span>}
        {required && (
          <span className="text-red-600" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {children(control, !!error)}
      {error && (
        <p id={errorId} className={`${messageClass} text-red-700`}>
          {error}
        </p>
      )}
      {hint && !error && (
        <p id={hintId} className={`${messageClass} text-stone-500`}>
          {hint}
        </p>
      )}
    </div>
  );
}

export type TextFieldProps = FieldOptions &
  Omit<ComponentProps<'input'>, keyof FieldOptions> & {
    /** Element shown inside the right edge of the input (a toggle button). */
    trailing?: ReactNode;
    inputClassName?: string;
  };

export function TextField(props: TextFieldProps) {
  const [field, { trailing, inputClassName = '', ...input }] = useSplitField(props);
  const extra = `${trailing ? 'pr-12' : ''} ${inputClassName}`;
  return (
    <FieldFrame {...field}>
      {(control, invalid) => (
        <div className="relative">
          <input {...control} className={controlClass(invalid, extra, field.compact)} {...input} />
          {trailing && <div className="absolute inset-y-0 right-0 flex items-center pr-1.5">{trailing}</div>}
        </div>
      )}
    </FieldFrame>
  );
}

export type SelectFieldProps = FieldOptions & Omit<ComponentProps<'select'>, keyof FieldOptions>;

export function SelectField(props: SelectFieldProps) {
  const [field, { children, ...select }] = useSplitField(props);
  return (
    <FieldFrame {...field}>
      {(control, invalid) => (
        <select {...control} className={controlClass(invalid, field.compact ? 'pr-8' : 'pr-9', field.compact)} {...select}>
          {children}
        </select>
      )}
    </FieldFrame>
  );
}

export type TextAreaFieldProps = FieldOptions & Omit<ComponentProps<'textarea'>, keyof FieldOptions>;

export function TextAreaField(props: TextAreaFieldProps) {
  const [field, textarea] = useSplitField(props);
  return (
    <FieldFrame {...field}>
      {(control, invalid) => (
        <textarea {...control} className={controlClass(invalid, field.compact ? 'min-h-24' : 'min-h-32', field.compact)} {...textarea} />
      )}
    </FieldFrame>
  );
}

/** A value the form fills in by itself (from an order or the account). */
export function ReadOnlyField({ label, value }: { label: string; value: string }) {
  return (
    <FieldFrame label={label}>
      {({ id }) => (
        <input
          id={id}
          readOnly
          value={value}
          className="block w-full rounded-lg border border-stone-200 bg-stone-100 px-3.5 py-2.5 text-base text-stone-700 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
        />
      )}
    </FieldFrame>
  );
}

/** An e-mail address: its keyboard and autofill, without automatic capitals or spelling fixes. */
export function EmailField({ label = 'Email', ...props }: Omit<TextFieldProps, 'type' | 'label'> & { label?: ReactNode }) {
  return <TextField label={label} type="email" autoComplete="email" autoCapitalize="none" spellCheck={false} {...props} />;
}

/** A password input with a show/hide toggle. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'trailing'>) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          className="rounded-md p-2 text-stone-500 hover:bg-stone-100 hover:text-stone-800"
          aria-label={visible ? 'Ocultar contraseña' : 'Mostrar contraseña'}
          aria-pressed={visible}
        >
          {visible ? <EyeOffIcon size={18} /> : <EyeIcon size={18} />}
        </button>
      }
    />
  );
}

/** Six-digit verification code: digits only, one-time-code autofill. */
export function CodeField({
  value,
  onChange,
  label = 'Código de verificación',
  error,
  id,
}: {
  value: string;
  onChange: (code: string) => void;
  label?: string;
  error?: string;
  id?: string;
}) {
  return (
    <TextField
      id={id}
      label={label}
      error={error}
      hint="Ingresa los 6 dígitos que te enviamos por email."
      value={value}
      // No maxLength: it would cut a pasted '    351599' to '    35' before the spaces are dropped.
      onChange={(e) => onChange(normalizeCode(e.target.value).slice(0, CODE_DIGITS))}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]{6}"
      placeholder="000000"
      className="[&_input]:text-center [&_input]:font-mono [&_input]:text-2xl [&_input]:tracking-[0.5em]"
    />
  );
}

export const isSixDigitCode = (code: string) => /^\d{6}$/.test(code);

type PasswordInputProps = Omit<TextFieldProps, 'type' | 'trailing' | 'label'>;

/** A new password and its confirmation. Each takes its input's props: a react-hook-form
 * registration and its error. */
export function NewPasswordFields({
  password,
  confirmation,
  labels = ['Nueva contraseña', 'Confirmar nueva contraseña'],
}: {
  password: PasswordInputProps;
  confirmation: PasswordInputProps;
  labels?: readonly [string, string];
}) {
  return (
    <>
      <PasswordField label={labels[0]} autoComplete="new-password" hint="Mínimo 6 caracteres." {...password} />
      <PasswordField label={labels[1]} autoComplete="new-password" {...confirmation} />
    </>
  );
}

interface SearchFieldProps extends Omit<ComponentProps<'input'>, 'onChange' | 'type' | 'className'> {
  /** Names the field: for screen readers only, unless `hideLabel` is false; the placeholder shows what to type. */
  label: string;
  value: string;
  onChange(value: string): void;
  /** Shows the label above the field, like the other fields of a filter bar (hidden by default). */
  hideLabel?: boolean;
  /** Classes of the frame (its width). */
  className?: string;
  /** By default as the density says. */
  compact?: boolean;
}

/** A search box with its magnifier and its label. */
export function SearchField({ label, value, onChange, hideLabel = true, className = '', compact, id, ...input }: SearchFieldProps) {
  const dense = useCompact();
  return (
    <FieldFrame label={label} hideLabel={hideLabel} compact={compact} id={id} className={className}>
      {(control) => (
        <div className="relative">
          <SearchIcon size={16} className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-stone-400" />
          <input
            {...input}
            {...control}
            type="search"
            value={value}
            onChange={(e) => onChange(e.target.value)}
            className={controlClass(false, 'pl-9', compact ?? dense)}
          />
        </div>
      )}
    </FieldFrame>
  );
}
