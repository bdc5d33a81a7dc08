// Labelled form controls: the label, hint and error are tied to the control for screen readers.
import { forwardRef, useId, type ComponentProps, type ReactNode } from 'react';

export const controlClass = (invalid?: boolean, extra = '') =>
  `block w-full rounded-lg border bg-white px-3 py-2 text-base text-stone-900 sm:text-sm shadow-xs transition placeholder:text-stone-400 ` +
  `focus:outline-none focus:ring-2 disabled:cursor-not-allowed disabled:bg-stone-100 disabled:text-stone-500 ` +
  (invalid
    ? 'border-red-500 focus:border-red-600 focus:ring-red-500/30 '
    : 'border-stone-300 focus:border-brand-600 focus:ring-brand-600/25 ') +
  extra;

interface FieldProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  /** Hide the label visually (it still names the control). */
  hideLabel?: boolean;
  children: (ids: { id: string; describedBy?: string; invalid: boolean }) => ReactNode;
}

/** Wraps any control: renders label, hint and error and passes the ids to the control. */
export function Field({ label, error, hint, required, className = '', hideLabel, children }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'mb-1 block text-xs font-semibold text-stone-700'}>
        {label}
        {required && (
          <span className="text-red-600" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {children({ id, describedBy, invalid: !!error })}
      {error && (
        <p id={errorId} className="mt-1 text-xs text-red-700">
          {error}
        </p>
      )}
      {hint && !error && (
        <p id={hintId} className="mt-1 text-xs text-stone-500">
          {hint}
        </p>
      )}
    </div>
  );
}

type BaseProps = { label: ReactNode; error?: string; hint?: ReactNode; required?: boolean; className?: string; hideLabel?: boolean };

export const TextInput = forwardRef<HTMLInputElement, BaseProps & Omit<ComponentProps<'input'>, 'className'> & { inputClassName?: string }>(
  function TextInput({ label, error, hint, required, className, hideLabel, inputClassName = '', ...input }, ref) {
    return (
      <Field label={label} error={error} hint={hint} required={required} className={className} hideLabel={hideLabel}>
        {({ id, describedBy, invalid }) => (
          <input
            ref={ref}
            id={id}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            aria-required={required || undefined}
            className={controlClass(invalid, inputClassName)}
            {...input}
          />
        )}
      </Field>
    );
  },
);

export const TextArea = forwardRef<HTMLTextAreaElement, BaseProps & Omit<ComponentProps<'textarea'>, 'className'>>(function TextArea(
  { label, error, hint, required, className, hideLabel, ...input },
  ref,
) {
  return (
    <Field label={label} error={error} hint={hint} required={required} className={className} hideLabel={hideLabel}>
      {({ id, describedBy, invalid }) => (
        <textarea
          ref={ref}
          id={id}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className={controlClass(invalid, 'min-h-24')}
          {...input}
        />
      )}
    </Field>
  );
});

export const SelectInput = forwardRef<HTMLSelectElement, BaseProps & Omit<ComponentProps<'select'>, 'className'>>(function SelectInput(
  { label, error, hint, required, className, hideLabel, children, ...input },
  ref,
) {
  return (
    <Field label={label} error={error} hint={hint} required={required} className={className} hideLabel={hideLabel}>
      {({ id, describedBy, invalid }) => (
        <select
          ref={ref}
          id={id}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className={controlClass(invalid, 'pr-8')}
          {...input}
        >
          {children}
        </select>
      )}
    </Field>
  );
});

/** An on/off switch built on a checkbox (keyboard and screen readers get a real checkbox). */
export function Switch({
  checked,
  onChange,
  label,
  description,
  disabled,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className={`flex gap-3 ${description ? 'items-start' : 'items-center'}`}>
      <span className={`relative inline-flex shrink-0 ${description ? 'mt-0.5' : ''}`}>
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={checked}
          disabled={disabled}
          onChange={(e) => onChange(e.target.checked)}
          aria-describedby={description ? `${id}-desc` : undefined}
          className="peer h-6 w-11 cursor-pointer appearance-none rounded-full bg-stone-300 transition checked:bg-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60"
        />
        <span
          className="pointer-events-none absolute left-0.5 top-0.5 h-5 w-5 rounded-full bg-white shadow transition peer-checked:translate-x-5"
          aria-hidden="true"
        />
      </span>
      <span>
        <label htmlFor={id} className="block cursor-pointer text-sm font-medium text-stone-800">
          {label}
        </label>
        {description && (
          <span id={`${id}-desc`} className="block text-xs text-stone-500">
            {description}
          </span>
        )}
      </span>
    </div>
  );
}
