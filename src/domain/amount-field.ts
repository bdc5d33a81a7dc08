// The zod field for an amount a person types: a string read by `parseArsAmount`, or a JSON
// number as API clients send it.
import { z } from 'zod';
import { AMOUNT_INVALID_MESSAGE, parseArsAmount } from './money';

/**
 * `required` when absent or blank; `invalid` for what is not a number at all. A string that
 * looks like an amount written another way gets the parser's own reason ("Usa coma para los
 * decimales"), except for whole counts, where `invalid` ("debe ser un número entero") says more.
 */
export function amountField(required: string, invalid: string, opts: { integer?: boolean } = {}) {
  const read = (value: unknown, ctx: z.core.$RefinementCtx): unknown => {
    if (typeof value !== 'string') return value;
    if (value.trim() === '') return undefined;
    const parsed = parseArsAmount(value);
    if (parsed.ok) return parsed.value;
    const message = opts.integer || parsed.error === AMOUNT_INVALID_MESSAGE ? invalid : parsed.error;
    ctx.addIssue({ code: 'custom', message, input: value });
    return z.NEVER;
  };
  const number = z.number({ error: (issue) => (issue.input === undefined || issue.input === null ? required : invalid) });
  return z.preprocess(read, opts.integer ? number.int(invalid) : number);
}
