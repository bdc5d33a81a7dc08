// Checkboxes of the back office's forms: an on/off switch, a labelled checkbox and a group of them.
import { useId, type ReactNode } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

interface SwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
}

/** An on/off switch built on a checkbox (keyboard and screen readers get a real checkbox). */
export function Switch({ checked, onChange, label, description, disabled }: SwitchProps) {
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

/** A Switch bound to a form's on/off field. */
export function FormSwitch<F extends FieldValues, Out extends FieldValues>({
  control,
  name,
  ...props
}: { control: Control<F, unknown, Out>; name: Path<F> } & Omit<SwitchProps, 'checked' | 'onChange'>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => <Switch checked={field.value} onChange={field.onChange} {...props} />}
    />
  );
}

/** A labelled checkbox: an option, or an explicit confirmation ("Confirmo…"). */
export function Checkbox({ checked, onChange, children }: { checked: boolean; onChange(checked: boolean): void; children: ReactNode }) {
  return (
    <label className="flex cursor-pointer items-start gap-2 text-sm font-medium text-stone-800">
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="mt-0.5 h-4 w-4 shrink-0 accent-brand-700"
      />
      <span>{children}</span>
    </label>
  );
}

export interface CheckboxOption<T> {
  value: T;
  label: string;
}

/**
 * A set of options any of which may be ticked, under one legend; `selected` keeps the order they
 * were ticked in. `scroll` boxes a long list (the brands) in a scrolling frame of two columns.
 */
export function CheckboxGroup<T extends string | number>({
  legend,
  options,
  selected,
  onChange,
  scroll = false,
}: {
  legend: string;
  options: CheckboxOption<T>[];
  selected: T[];
  onChange(selected: T[]): void;
  scroll?: boolean;
}) {
  const layout = scroll
    ? 'grid max-h-40 grid-cols-1 gap-1 overflow-y-auto rounded-lg border border-stone-200 p-2 sm:grid-cols-2'
    : 'flex flex-wrap gap-x-4 gap-y-1';
  return (
    <fieldset>
      <legend className="text-sm font-medium text-stone-800">{legend}</legend>
      <div className={`mt-1 ${layout}`}>
        {options.map((option) => (
          <label key={option.value} className="flex min-w-0 items-center gap-1.5 text-sm text-stone-700">
            <input
              type="checkbox"
              checked={selected.includes(option.value)}
              onChange={(e) => onChange(e.target.checked ? [...selected, option.value] : selected.filter((v) => v !== option.value))}
              className="h-4 w-4 shrink-0 accent-brand-700"
            />
            <span className="truncate">{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
