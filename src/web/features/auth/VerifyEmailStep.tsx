// The e-mail verification step shared by login and registration (spec accounts-admin §2, §8):
// a 6-digit code, resend, and a way back.
import { useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast';
import { ApiError } from '../../lib/api';
import { authApi } from './api';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { CodeField, isSixDigitCode } from '../../components/ui/fields';
import { CodeStepActions } from './CodeStepActions';

export const VERIFIED_MESSAGE = 'Email verificado correctamente. Ahora puedes iniciar sesión.';
/** Said when the verified visitor is signed in at once. */
export const VERIFIED_SIGNED_IN = 'Email verificado correctamente.';

export function VerifyEmailStep({
  email,
  notice,
  noticeTone = 'info',
  onVerified,
  onBack,
  backLabel,
}: {
  email: string;
  /** Shown above the form: why the user is here. */
  notice?: string;
  noticeTone?: 'info' | 'warning';
  /** Runs while the button still says 'Verificando...' (the sign-in that follows). */
  onVerified: () => Promise<void> | void;
  onBack: () => void;
  backLabel: string;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [verifying, setVerifying] = useState(false);
  const [resending, setResending] = useState(false);

  async function verify(event: FormEvent) {
    event.preventDefault();
    if (!isSixDigitCode(code) || verifying) return;
    setVerifying(true);
    setError(null);
    try {
      await authApi.verifyEmail(email, code);
    } catch (e) {
      const message = e instanceof ApiError ? e.message : 'Error al verificar el código';
      setError(message);
      toast.error('Error al verificar el código');
      setVerifying(false);
      return;
    }
    await onVerified();
    setVerifying(false);
  }

  async function resend() {
    setResending(true);
    setError(null);
    try {
      await authApi.resendVerification(email);
      setCode('');
      toast.success('Nuevo código enviado');
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : 'Error al reenviar el código');
    } finally {
      setResending(false);
    }
  }

  return (
    <form onSubmit={verify} noValidate className="space-y-5">
      {notice && <Alert tone={noticeTone}>{notice}</Alert>}
      <p className="text-sm text-stone-700">
        Enviamos un código de 6 dígitos a <strong className="block break-all font-semibold text-stone-900">{email}</strong>
      </p>
      <CodeField value={code} onChange={setCode} error={error ?? undefined} />
      <Button type="submit" className="w-full" disabled={!isSixDigitCode(code)} loading={verifying} loadingText="Verificando...">
        Verificar email
      </Button>
      <CodeStepActions backLabel={backLabel} onBack={onBack} onResend={resend} resending={resending} />
    </form>
  );
}
