// Every form one way: react-hook-form checked by a zod schema of src/domain, the kit's fields bound
// in one spread (`<TextField label="CUIT" {...field('cuit')} />`), and a refusal of the API
// (`{ error, code, errors: { field: [message] } }`) put on the fields it names, here only.
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { useForm, type FieldValues, type Path, type Resolver, type UseFormProps } from 'react-hook-form';
import { ApiError } from './api';
import { bindFields } from './form-fields';

export interface ServerErrorOptions {
  /** The fields the form shows, by the server's names (every field it names by default). */
  fields?: readonly string[] | ((name: string) => boolean);
  /** Server names that mean another of the form's fields (the claim's `order` is its `order_id`). */
  aliases?: Readonly<Record<string, string>>;
  /** Where the message of a field the form lacks goes ('root.general'); by default it is left out. */
  rest?: string;
}

/** The first message of each field the server refused, by the form's names; empty for any other error. */
export function serverFieldErrors(error: unknown, { fields, aliases = {}, rest }: ServerErrorOptions = {}): Record<string, string> {
  const found: Record<string, string> = {};
  if (!(error instanceof ApiError) || !error.errors) return found;
  const shown = (name: string) => (fields === undefined ? true : typeof fields === 'function' ? fields(name) : fields.includes(name));
  for (const [key, messages] of Object.entries(error.errors)) {
    const name = aliases[key] ?? key;
    const target = shown(name) ? name : rest;
    if (messages?.[0] && target) found[target] ??= messages[0];
  }
  return found;
}

/** Brings the control named `name` into view, centred (a bar held at the bottom does not hide it). */
function focusField(name: string) {
  const control = document.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]`);
  control?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  control?.focus({ preventScroll: true });
}

type ApiFormOptions<F extends FieldValues, Out> = Omit<UseFormProps<F, unknown, Out>, 'resolver'> & {
  /** The rules of the values: a domain schema, or one chosen by the values (the checkout's method). */
  schema: z.ZodType | ((values: F) => z.ZodType);
};

/**
 * A react-hook-form form checked by `schema`, with `field(name)` for the kit's fields and
 * `showServerErrors(error)`, which marks the fields the API refused and says whether there were any.
 */
export function useApiForm<F extends FieldValues, Out = F>({ schema, ...options }: ApiFormOptions<F, Out>) {
  const resolver: Resolver<F, unknown, Out> = (values, context, opts) => {
    // The form's text fields are often not the schema's input (amounts typed as text): cast once here.
    const rules = (typeof schema === 'function' ? schema(values) : schema) as unknown as z.ZodType<Out, F>;
    return zodResolver(rules)(values, context, opts);
  };
  const form = useForm<F, unknown, Out>({ ...options, resolver });
  const field = bindFields(form.register, form.formState.errors);

  /** `focus`: also brings the first refused field into view. */
  function showServerErrors(error: unknown, opts: ServerErrorOptions & { focus?: boolean } = {}): boolean {
    const found = Object.entries(serverFieldErrors(error, opts));
    for (const [name, message] of found) form.setError(name as Path<F>, { type: 'server', message });
    if (opts.focus && found[0]) focusField(found[0][0]);
    return found.length > 0;
  }

  return { form, field, showServerErrors };
}
