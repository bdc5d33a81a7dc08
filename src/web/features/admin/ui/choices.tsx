// One of a few choices as a row of buttons, the chosen one pressed: a view, a scope, a filter.
import type { ReactNode } from 'react';

export interface Choice<T> {
  id: T;
  label: ReactNode;
}

/** A group of buttons of which the one of `value` is pressed; `buttonClass` styles a button by whether it is. */
export function ChoiceButtons<T extends string | undefined>({
  label,
  options,
  value,
  onChange,
  className,
  buttonClass,
}: {
  label: string;
  options: readonly Choice<T>[];
  value: T;
  onChange: (value: T) => void;
  className: string;
  buttonClass: (pressed: boolean) => string;
}) {
  return (
    <div role="group" aria-label={label} className={className}>
      {options.map((option) => (
        <button
          key={String(option.id)}
          type="button"
          aria-pressed={option.id === value}
          onClick={() => onChange(option.id)}
          className={buttonClass(option.id === value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
