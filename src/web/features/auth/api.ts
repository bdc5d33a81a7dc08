// The auth calls of spec accounts-admin §7 used by the login, registration and reset screens.
import type { z } from 'zod';
import type {
  LoginResponse,
  loginSchema,
  MessageResponse,
  RegisterResponse,
  registerSchema,
  verifyPasswordResetSchema,
} from '../../../domain/auth';
import { api } from '../../lib/api';

// spec accounts-admin §9: password-reset calls wait 60 s (verification 45 s) and are not retried.
const RESET_TIMEOUT = 60_000;
const RESET_VERIFY_TIMEOUT = 45_000;

export const authApi = {
  login: (body: z.input<typeof loginSchema>) =>
    api.post<LoginResponse>('/api/auth/login/', body, { fallbackError: 'Error al iniciar sesión. Por favor, verifica tus credenciales.' }),
  register: (body: z.input<typeof registerSchema>) =>
    api.post<RegisterResponse>('/api/auth/register/', body, { fallbackError: 'Error al crear la cuenta. Por favor, intenta nuevamente.' }),
  verifyEmail: (email: string, code: string) =>
    api.post<MessageResponse>('/api/auth/verify-email/', { email, code }, { fallbackError: 'Error al verificar el código' }),
  resendVerification: (email: string) =>
    api.post<MessageResponse>('/api/auth/resend-verification/', { email }, { fallbackError: 'Error al reenviar el código' }),
  requestPasswordReset: (email: string) =>
    api.post<MessageResponse>(
      '/api/auth/request-password-reset/',
      { email },
      { timeout: RESET_TIMEOUT, fallbackError: 'Error al solicitar el restablecimiento de contraseña' },
    ),
  verifyPasswordReset: (body: z.input<typeof verifyPasswordResetSchema>) =>
    api.post<MessageResponse>('/api/auth/verify-password-reset/', body, {
      timeout: RESET_VERIFY_TIMEOUT,
      fallbackError: 'Error al verificar el código de restablecimiento',
    }),
  resendPasswordReset: (email: string) =>
    api.post<MessageResponse>(
      '/api/auth/resend-password-reset/',
      { email },
      { timeout: RESET_TIMEOUT, fallbackError: 'Error al reenviar el código de restablecimiento' },
    ),
};
