// Under a form that asks for an e-mailed code: a way back to change the address, and a resend.
import { Button } from '../../components/ui/Button';
import { ArrowLeftIcon } from '../../components/ui/account-icons';

export function CodeStepActions({
  backLabel,
  onBack,
  onResend,
  resending,
}: {
  backLabel: string;
  onBack: () => void;
  onResend: () => void;
  resending: boolean;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
      <Button variant="ghost" onClick={onBack}>
        <ArrowLeftIcon size={16} />
        {backLabel}
      </Button>
      <Button variant="ghost" onClick={onResend} loading={resending} loadingText="Enviando...">
        Reenviar código
      </Button>
    </div>
  );
}
