// Form building blocks shared by the account, auth and checkout screens: labelled inputs whose
// error and hint texts are tied to the input through aria-describedby.
import { useId, useState, type ComponentProps, type ReactNode } from 'react';
import { EyeIcon } from './icons';
import { EyeOffIcon } from './account-icons';

const inputBase =
  'block w-full rounded-lg border bg-white px-3.5 py-2.5 text-base text-stone-900 shadow-sm transition placeholder:text-stone-400 ' +
  'focus:outline-none focus:ring-2 focus:ring-offset-0 disabled:cursor-not-allowed disabled:bg-stone-100 disabled:text-stone-500';
const inputOk = 'border-stone-300 focus:border-brand-600 focus:ring-brand-600/30';
const inputBad = 'border-red-500 focus:border-red-600 focus:ring-red-500/30';

export interface TextFieldProps extends ComponentProps<'input'> {
  label: string;
  error?: string;
  hint?: ReactNode;
  /** Marks the label "(opcional)". */
  optional?: boolean;
  /** Element shown inside the right edge of the input (a toggle button). */
  trailing?: ReactNode;
}

export function TextField({ label, error, hint, optional, trailing, id, className = '', ...input }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-stone-800">
        {label}
        {optional && <span className="font-normal text-stone-500"> (opcional)</span>}
      </label>
      <div className="relative">
        <input
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`${inputBase} ${error ? inputBad : inputOk} ${trailing ? 'pr-12' : ''}`}
          {...input}
        />
        {trailing && <div className="absolute inset-y-0 right-0 flex items-center pr-1.5">{trailing}</div>}
      </div>
      {error && (
        <p id={errorId} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      )}
      {hint && !error && (
        <p id={hintId} className="mt-1.5 text-sm text-stone-500">
          {hint}
        </p>
      )}
    </div>
  );
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
      onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, 6))}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]{6}"
      maxLength={6}
      placeholder="000000"
      className="[&_input]:text-center [&_input]:font-mono [&_input]:text-2xl [&_input]:tracking-[0.5em]"
    />
  );
}

export const isSixDigitCode = (code: string) => /^\d{6}$/.test(code);
