// AppError: what services throw; the error plugin turns it into { error, code?, errors? }.

export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    readonly errors?: FieldErrors,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, errors?: FieldErrors, code?: string) => new AppError(400, message, code, errors);
export const unauthorized = (message = 'No se encontró token de autenticación', code?: string) => new AppError(401, message, code);
export const forbidden = (message = 'No tienes permisos para realizar esta acción') => new AppError(403, message);
export const notFound = (message = 'No encontrado') => new AppError(404, message);
export const conflict = (message: string, code?: string, extra?: Record<string, unknown>) =>
  new AppError(409, message, code, undefined, extra);
/** A refusal as src/domain gives it (the domain throws nothing of HTTP): status, Spanish message, code, fields and figures. */
export const refusedBy = (refusal: {
  status: number;
  message: string;
  code?: string;
  fields?: FieldErrors;
  details?: Record<string, unknown>;
}) => new AppError(refusal.status, refusal.message, refusal.code, refusal.fields, refusal.details);
export const tooMany = (message = 'Demasiados intentos. Por favor, espera un momento e intenta nuevamente.') =>
  new AppError(429, message, 'RATE_LIMITED');
