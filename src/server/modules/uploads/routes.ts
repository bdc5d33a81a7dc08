// POST /api/uploads/ (architecture: multipart field `file`, field `purpose` in
// product|brand|settings|warranty) -> { secure_url, url, width, height }.
import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { UPLOAD_MAX_BYTES, uploadFormSchema, uploadResultDtoSchema } from '../../../domain/uploads';
import type { AppContext } from '../../context';
import { AppError, badRequest } from '../../errors';
import { describedOnly } from '../../http';
import { isAdmin } from '../../security/caller';
import { WindowCounter } from '../../window-counter';
import { uploadImage, type ReceivedFile } from './service';
import type { Storage } from '../../storage';

const LARGEST_UPLOAD = Math.max(...Object.values(UPLOAD_MAX_BYTES));
/** Uploads by non-staff callers (warranty photos) per IP. */
export const GUEST_UPLOADS_PER_WINDOW = 20;
/** Uploads per staff account: a day's catalog work, never a flood from a stolen session. */
export const STAFF_UPLOADS_PER_WINDOW = 120;
const UPLOAD_WINDOW_MS = 10 * 60 * 1000;

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export default async function uploadRoutes(app: FastifyInstance, { ctx, storage }: { ctx: AppContext; storage?: Storage }) {
  const store = storage ?? ctx.storage;
  const guestUploads = new WindowCounter(app.counters, 'uploads:guest', { max: GUEST_UPLOADS_PER_WINDOW, windowMs: UPLOAD_WINDOW_MS });
  const staffUploads = new WindowCounter(app.counters, 'uploads:staff', { max: STAFF_UPLOADS_PER_WINDOW, windowMs: UPLOAD_WINDOW_MS });

  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: LARGEST_UPLOAD, files: 1, fields: 5, fieldSize: 1024, parts: 8, headerPairs: 50 },
  });

  // A multipart body (fields `file` and `purpose`), read by the handler part by part.
  app.post(
    '/api/uploads/',
    {
      schema: {
        consumes: ['multipart/form-data'],
        body: describedOnly(uploadFormSchema),
        response: { 201: uploadResultDtoSchema },
      },
    },
    async (request, reply) => {
      const caller = request.user;
      // Counted before the body is read: staff per account, everyone else per address.
      const upload = caller && isAdmin(caller) ? await staffUploads.take(String(caller.id)) : await guestUploads.take(request.ip);
      if (!upload.allowed) {
        reply.header('retry-after', String(upload.retryAfterSeconds));
        throw new AppError(429, 'Demasiadas imágenes subidas. Por favor, intenta nuevamente en unos minutos.', 'RATE_LIMITED');
      }
      if (!request.isMultipart()) throw badRequest('Se esperaba un formulario multipart con el campo file');

      let purpose: unknown;
      let file: ReceivedFile | null = null;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            const data = await readAll(part.file);
            if (part.fieldname === 'file' && !file) file = { data, truncated: part.file.truncated };
          } else if (part.fieldname === 'purpose') {
            purpose = part.value;
          }
        }
      } catch (error) {
        // The multipart parser reports a broken body (no boundary, cut short) as a plain Error;
        // its limits come as coded errors the error handler already answers.
        if (error instanceof AppError || (error as { code?: string }).code) throw error;
        throw badRequest('El formulario está incompleto o mal formado');
      }
      const result = await uploadImage(store, { caller, purpose, file });
      return reply.code(201).send(result);
    },
  );
}
