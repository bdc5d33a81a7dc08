// The phone, province and street address of a delivery, written once for the checkout, 'Mi Cuenta'
// and the manual order. Each field takes its props from the form (a react-hook-form registration or
// a value and its change handler) with its error.
import type { ReactNode } from 'react';
import { isValidPhone, normalizePhone, PHONE_MAX_LENGTH } from '../../../domain/phone';
import { PROVINCE_OPTIONS } from '../../../domain/shipping';
import { useCompact } from './Button';
import { SelectField, TextField, type SelectFieldProps, type TextFieldProps } from './fields';

/** A national phone number: 10 digits with the area code. A pasted '+54 9 11 2345-6789' reads as its digits once the field is left. */
export function PhoneField({ label = 'Teléfono', onBlur, ...props }: Omit<TextFieldProps, 'label' | 'type'> & { label?: ReactNode }) {
  return (
    <TextField
      label={label}
      type="tel"
      autoComplete="tel-national"
      // Long enough for a pasted or autofilled '+54 9 11 2345-6789': it is normalised, then checked.
      maxLength={PHONE_MAX_LENGTH}
      placeholder="1123456789"
      hint="10 dígitos, con código de área, sin 0 ni 15."
      {...props}
      onBlur={(e) => {
        const digits = normalizePhone(e.target.value);
        if (isValidPhone(digits)) e.target.value = digits;
        return onBlur?.(e);
      }}
    />
  );
}

/** The province select; `emptyLabel` names its empty choice. */
export function ProvinceField({
  emptyLabel = 'Elige la provincia',
  ...props
}: Omit<SelectFieldProps, 'label' | 'children'> & { emptyLabel?: string }) {
  return (
    <SelectField label="Provincia" autoComplete="address-level1" {...props}>
      <option value="">{emptyLabel}</option>
      {PROVINCE_OPTIONS.map((p) => (
        <option key={p.code} value={p.code}>
          {p.name}
        </option>
      ))}
    </SelectField>
  );
}

export type StreetKey = 'street' | 'number' | 'zip_code' | 'city' | 'details';
type StreetFieldProps = Omit<TextFieldProps, 'label'>;

/**
 * Street and number, zip code and city, and the directions. `field(key)`: the props of each input
 * (its registration or value, and its error). `autofill: false` for staff typing a customer's
 * address: their browser's own must not fill it.
 */
export function AddressFields({
  field,
  legend,
  required = false,
  details = { label: 'Indicaciones', placeholder: 'Piso, depto, entre calles' },
  autofill = true,
  className = '',
}: {
  field: (key: StreetKey) => StreetFieldProps;
  /** Makes the fields a group named by it. */
  legend?: string;
  /** Marks street, number, zip code and city as required. */
  required?: boolean;
  /** The label and placeholder of the directions. */
  details?: { label: string; placeholder?: string };
  autofill?: boolean;
  className?: string;
}) {
  const compact = useCompact();
  const auto = (token: string | undefined) => (autofill ? token : 'off');
  const fields = (
    <>
      <div className="grid grid-cols-[minmax(0,1fr)_6rem] gap-3">
        <TextField label="Calle" required={required} autoComplete={auto('address-line1')} {...field('street')} />
        <TextField label="Número" required={required} inputMode="numeric" autoComplete={auto(undefined)} {...field('number')} />
      </div>
      <div className="grid grid-cols-[7rem_minmax(0,1fr)] gap-3">
        <TextField label="Código postal" required={required} autoComplete={auto('postal-code')} {...field('zip_code')} />
        <TextField label="Ciudad" required={required} autoComplete={auto('address-level2')} {...field('city')} />
      </div>
      <TextField
        label={details.label}
        optional
        autoComplete={auto('address-line2')}
        placeholder={details.placeholder}
        {...field('details')}
      />
    </>
  );
  const spacing = compact ? 'space-y-3' : 'space-y-4';
  if (!legend) return <div className={`${spacing} ${className}`}>{fields}</div>;
  return (
    <fieldset className={`${spacing} ${className}`}>
      <legend className={compact ? 'mb-1 text-xs font-semibold text-stone-700' : 'mb-1.5 text-sm font-medium text-stone-800'}>
        {legend}
      </legend>
      {fields}
    </fieldset>
  );
}
