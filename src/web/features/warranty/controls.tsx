// A select and a text area that look and behave like the shop's TextField (label, error and
// hint tied to the control), for the warranty form.
import { useId, type ComponentProps, type ReactNode } from 'react';

const shape = 'block w-full rounded-lg border px-3.5 py-2.5';
const control =
  'block w-full rounded-lg border bg-white px-3.5 py-2.5 text-base text-stone-900 shadow-sm transition placeholder:text-stone-400 ' +
  'focus:outline-none focus:ring-2 disabled:cursor-not-allowed disabled:bg-stone-100 disabled:text-stone-500';
const ok = 'border-stone-300 focus:border-brand-600 focus:ring-brand-600/30';
const bad = 'border-red-500 focus:border-red-600 focus:ring-red-500/30';

function Labelled({
  label,
  error,
  hint,
  children,
}: {
  label: string;
  error?: string;
  hint?: ReactNode;
  children: (ids: { id: string; describedBy?: string }) => ReactNode;
}) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-stone-800">
        {label}
      </label>
      {children({ id, describedBy })}
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      )}
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-stone-500">
          {hint}
        </p>
      )}
    </div>
  );
}

export function SelectField({
  label,
  error,
  hint,
  children,
  ...select
}: ComponentProps<'select'> & { label: string; error?: string; hint?: ReactNode }) {
  return (
    <Labelled label={label} error={error} hint={hint}>
      {({ id, describedBy }) => (
        <select
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`${control} ${error ? bad : ok} pr-9`}
          {...select}
        >
          {children}
        </select>
      )}
    </Labelled>
  );
}

export function TextAreaField({
  label,
  error,
  hint,
  ...textarea
}: ComponentProps<'textarea'> & { label: string; error?: string; hint?: ReactNode }) {
  return (
    <Labelled label={label} error={error} hint={hint}>
      {({ id, describedBy }) => (
        <textarea
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`${control} ${error ? bad : ok} min-h-32`}
          {...textarea}
        />
      )}
    </Labelled>
  );
}

/** A value the form fills in by itself (from the order or the account). */
export function ReadOnlyField({ label, value }: { label: string; value: string }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-stone-800">
        {label}
      </label>
      <input
        id={id}
        readOnly
        value={value}
        className={`${shape} border-stone-200 bg-stone-100 text-base text-stone-700 focus:outline-none focus:ring-2 focus:ring-brand-600/30`}
      />
    </div>
  );
}
