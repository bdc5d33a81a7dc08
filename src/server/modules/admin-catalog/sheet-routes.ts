// HTTP for the catalog as a spreadsheet and bulk edits (issue 14): export, import (multipart
// field `file`, `?dry_run=true` for the preview) and bulk edit. Staff only.
import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bulkEditResultDtoSchema,
  bulkEditSchema,
  IMPORT_MAX_BYTES,
  importBodySchema,
  importQuerySchema,
  importResultDtoSchema,
} from '../../../domain/catalog-sheet';
import type { AppContext } from '../../context';
import { AppError, badRequest } from '../../errors';
import { describedOnly } from '../../http';
import { requireStaff } from '../../security/caller';
import { bulkEditProducts } from './bulk-edit';
import { exportCatalog } from './sheet-export';
import { importCatalog, type ImportFile } from './sheet-import';

const staffOnly = { config: { access: 'staff' as const, permission: 'can_manage_products' as const } };
const TOO_LARGE = `El archivo no debe superar los ${IMPORT_MAX_BYTES / 1024 / 1024} MB`;
const NO_FILE = 'Selecciona el archivo CSV a importar (campo file)';

const actorOf = (request: FastifyRequest) => {
  const user = requireStaff(request);
  return { id: user.id, username: user.username };
};

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The file's name as the log shows it: no folders, no control characters, at most 100 characters. */
const displayName = (name: string | undefined) =>
  (name ?? '')
    .split(/[\\/]/)
    .pop()!
    .replace(/\p{Cc}/gu, '')
    .slice(0, 100) || 'archivo.csv';

async function receiveFile(request: FastifyRequest): Promise<ImportFile> {
  if (!request.isMultipart()) throw badRequest(NO_FILE, { file: [NO_FILE] });
  let file: ImportFile | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      const data = await readAll(part.file);
      if (part.file.truncated) throw new AppError(413, TOO_LARGE, 'FILE_TOO_LARGE', { file: [TOO_LARGE] });
      if (part.fieldname === 'file' && !file) file = { name: displayName(part.filename), data };
    }
  } catch (error) {
    if (error instanceof AppError || (error as { code?: string }).code) throw error;
    throw badRequest('El formulario está incompleto o mal formado');
  }
  if (!file || file.data.length === 0) throw badRequest(NO_FILE, { file: [NO_FILE] });
  return file;
}

export default async function catalogSheetRoutes(base: FastifyInstance, opts: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = opts;
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 8, headerPairs: 50 },
  });

  app.get(
    '/api/products/export.csv',
    {
      ...staffOnly,
      schema: {
        produces: ['text/csv'],
        response: { 200: z.string().describe('CSV UTF-8 con BOM, separado por ";", una fila por presentación') },
      },
    },
    async (_request, reply) => {
      const { filename, body } = await exportCatalog(ctx.db, ctx.now());
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(body as unknown as string);
    },
  );

  app.post(
    '/api/products/import/',
    {
      ...staffOnly,
      schema: {
        consumes: ['multipart/form-data'],
        querystring: importQuerySchema,
        body: describedOnly(importBodySchema),
        response: { 200: importResultDtoSchema },
      },
    },
    async (request) => importCatalog(ctx, actorOf(request), await receiveFile(request), request.query),
  );

  app.post(
    '/api/products/bulk/',
    { ...staffOnly, schema: { body: bulkEditSchema, response: { 200: bulkEditResultDtoSchema } } },
    async (request) => bulkEditProducts(ctx, actorOf(request), request.body),
  );
}
