// Who the manual order is for: an e-mail (with the accounts that match it or a name), and for a
// new customer the name and phone the account is created with.
import { useState } from 'react';
import { useDebouncedValue } from '../../lib/hooks';
import { useCustomerLookup, type CustomerMatch } from '../api';
import { fieldError } from './order-draft';
import { TextField } from '../../../../components/ui/fields';

export interface CustomerDraft {
  email: string;
  first_name: string;
  last_name: string;
  phone: string;
}

const fullName = (c: CustomerMatch) => `${c.first_name} ${c.last_name}`.trim() || c.username;

export function CustomerFields({
  value,
  onChange,
  errors,
}: {
  value: CustomerDraft;
  onChange: (value: CustomerDraft) => void;
  errors?: Record<string, string[]>;
}) {
  const [focused, setFocused] = useState(false);
  const term = useDebouncedValue(value.email, 250);
  const lookup = useCustomerLookup(term);
  const matches = term.trim().length >= 3 ? (lookup.data ?? []) : [];
  const existing = matches.find((c) => c.email.toLowerCase() === value.email.trim().toLowerCase());
  const suggestions = existing ? [] : matches;
  const set = (key: keyof CustomerDraft, text: string) => onChange({ ...value, [key]: text });

  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div className="relative sm:col-span-2">
        <TextField
          label="Email del cliente"
          type="email"
          required
          autoComplete="off"
          value={value.email}
          placeholder="Busca por email o nombre"
          error={fieldError(errors, 'customer_email')}
          hint={existing ? undefined : 'Si no tiene cuenta, se crea una con este email.'}
          onChange={(e) => set('email', e.target.value)}
          onFocus={() => setFocused(true)}
          onBlur={() => setTimeout(() => setFocused(false), 150)}
        />
        {focused && suggestions.length > 0 && (
          <ul
            className="absolute inset-x-0 z-10 mt-1 overflow-hidden rounded-lg border border-stone-200 bg-white shadow-lg"
            aria-label="Clientes encontrados"
          >
            {suggestions.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  onClick={() => onChange({ ...value, email: c.email })}
                  className="block w-full px-3 py-2 text-left text-sm hover:bg-stone-50"
                >
                  <span className="block font-medium text-stone-900">{fullName(c)}</span>
                  <span className="block break-all text-xs text-stone-600">{c.email}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        {existing && (
          <p className="mt-1 text-sm text-green-800" role="status">
            Cliente con cuenta: <strong>{fullName(existing)}</strong>
          </p>
        )}
      </div>
      {!existing && (
        <>
          <TextField
            label="Nombre"
            optional
            autoComplete="off"
            value={value.first_name}
            error={fieldError(errors, 'first_name')}
            onChange={(e) => set('first_name', e.target.value)}
          />
          <TextField
            label="Apellido"
            optional
            autoComplete="off"
            value={value.last_name}
            error={fieldError(errors, 'last_name')}
            onChange={(e) => set('last_name', e.target.value)}
          />
        </>
      )}
      <TextField
        label="Teléfono"
        type="tel"
        required
        inputMode="tel"
        autoComplete="off"
        value={value.phone}
        error={fieldError(errors, 'phone')}
        onChange={(e) => set('phone', e.target.value)}
        className="sm:col-span-2"
      />
    </div>
  );
}
