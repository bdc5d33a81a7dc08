// A react-hook-form field handed to the kit's fields in one spread: its registration and its
// refusal, `<TextField label="CUIT" {...field('cuit')} />`.
import { get, type FieldErrors, type FieldValues, type Path, type UseFormRegister } from 'react-hook-form';

export function bindFields<F extends FieldValues>(register: UseFormRegister<F>, errors: FieldErrors<F>) {
  return (name: Path<F>) => ({
    ...register(name),
    error: get<FieldErrors<F>, { message?: string } | undefined>(errors, name)?.message,
  });
}
