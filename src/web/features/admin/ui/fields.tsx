// Labelled form controls of the back office: the kit's field frame in its compact size, and
// controls in the back office's smaller type.
import { forwardRef, useId, type ComponentProps, type ReactNode } from 'react';
import { FieldFrame, type FieldFrameProps } from '../../../components/ui/fields';

export const controlClass = (invalid?: boolean, extra = '') =>
  `block w-full rounded-lg border bg-white px-3 py-2 text-base text-stone-900 sm:text-sm shadow-xs transition placeholder:text-stone-400 ` +
  `focus:outline-none focus:ring-2 disabled:cursor-not-allowed disabled:bg-stone-100 disabled:text-stone-500 ` +
  (invalid
    ? 'border-red-500 focus:border-red-600 focus:ring-red-500/30 '
    : 'border-stone-300 focus:border-brand-600 focus:ring-brand-600/25 ') +
  extra;

/** Wraps any control: renders label, hint and error and passes the ids to the control. */
export const Field = (props: Omit<FieldFrameProps, 'compact' | 'optional' | 'id'>) => <FieldFrame compact {...props} />;

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
