// One place that turns any failure into { error, code?, errors? } with the right status.
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ZodError } from 'zod';
import { AppError } from '../errors';

const FASTIFY_MESSAGES: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'El cuerpo de la solicitud no es JSON válido'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'El cuerpo de la solicitud está vacío'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'La solicitud es demasiado grande'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'Tipo de contenido no soportado'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'Longitud de contenido inválida'],
  FST_ERR_VALIDATION: [400, 'Datos inválidos'],
  FST_ERR_BAD_URL: [400, 'URL inválida'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'La dirección solicitada es demasiado larga'],
  FST_REQ_FILE_TOO_LARGE: [413, 'El archivo es demasiado grande'],
  FST_FILES_LIMIT: [413, 'Demasiados archivos'],
  FST_PARTS_LIMIT: [413, 'Demasiadas partes en el formulario'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [400, 'Se esperaba un formulario multipart'],
};

/**
 * Fastify's `frameworkErrors` option: the router's own refusals (a malformed percent-encoding, an
 * over-long path parameter) bypass the error handler, so they get the same Spanish shape here.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const [status, message] = FASTIFY_MESSAGES[error.code] ?? [400, 'Solicitud inválida'];
  void reply.status(status).send({ error: message });
}

/**
 * Fastify's `clientErrorHandler` option: requests Node's HTTP parser refuses (malformed, headers
 * too large) never reach Fastify; answer them in Spanish too, then close the connection.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Duplex) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'Las cabeceras de la solicitud son demasiado grandes']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'La solicitud tardó demasiado']
        : [400, 'Bad Request', 'Solicitud HTTP inválida'];
  const body = JSON.stringify({ error: message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

export default fp(async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      // Fastify stamps its own code on a validator's error that has none.
      const code = error.code === 'FST_ERR_VALIDATION' ? undefined : error.code;
      return reply.status(error.statusCode).send({
        error: error.message,
        ...(code ? { code } : {}),
        ...(error.errors ? { errors: error.errors } : {}),
        ...(error.extra ?? {}),
      });
    }
    if (error instanceof ZodError) {
      return reply.status(400).send({ error: error.issues[0]?.message ?? 'Datos inválidos' });
    }
    const known = error.code ? FASTIFY_MESSAGES[error.code] : undefined;
    if (known) return reply.status(known[0]).send({ error: known[1] });
    if (error.statusCode === 429) {
      return reply
        .status(429)
        .send({ error: 'Demasiadas solicitudes. Por favor, espera un momento e intenta nuevamente.', code: 'RATE_LIMITED' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ error: 'Solicitud inválida' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: 'Error interno del servidor. Por favor, intenta nuevamente.' });
  });
});
