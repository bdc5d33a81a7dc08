// The API's paging and ids, shared by every area that lists or addresses records: the list shape
// `{count, next, previous, results}` (architecture: API conventions), its page and page size
// parameters, and the numeric id of a path.
import { z } from 'zod';
import { MAX_PAGE_SIZE } from './catalog-constants';

export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** The API's list shape (architecture: API conventions), for response schemas. */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({ count: z.number().int(), next: z.string().nullable(), previous: z.string().nullable(), results: z.array(item) });

export const pageQuery = {
  page: z.coerce
    .number({ error: 'La página debe ser un número' })
    .int('La página debe ser un número entero')
    .min(1, 'La página debe ser 1 o mayor')
    .max(100000, 'Página fuera de rango')
    .default(1),
  page_size: z.coerce
    .number({ error: 'El tamaño de página debe ser un número' })
    .int('El tamaño de página debe ser un número entero')
    .min(1, 'El tamaño de página debe ser 1 o mayor')
    .max(MAX_PAGE_SIZE, `El tamaño de página no puede superar ${MAX_PAGE_SIZE}`)
    .optional(),
};

export const idParamSchema = z.object({
  id: z.coerce
    .number({ error: 'Identificador inválido' })
    .int('Identificador inválido')
    .min(1, 'Identificador inválido')
    .max(2147483647, 'Identificador inválido'),
});

/** An order's number as staff see it and type it (`/admin/pedidos/5`, "#5"): never its id. */
export const orderNumberParamSchema = z.object({
  number: z.coerce
    .number({ error: 'Número de pedido inválido' })
    .int('Número de pedido inválido')
    .min(1, 'Número de pedido inválido')
    .max(2147483647, 'Número de pedido inválido'),
});
