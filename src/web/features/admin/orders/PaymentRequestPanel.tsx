// Asking for the payment of an order awaiting it (issue 21), e.g. one placed before 'Datos de
// pago' existed: the details again by e-mail, or a WhatsApp message with the amount, the order
// number and the details (and a question for the address when delivery is to be arranged).
import { toast } from '../../../lib/toast';
import { paymentInstructions } from '../../../../domain/fulfilment';
import { whatsappUrl } from '../../../../domain/fulfilment-steps';
import type { OrderDto } from '../../../../domain/orders';
import { paymentRequestRefusal, paymentRequestText } from '../../../../domain/payment-request';
import { Link } from 'react-router';
import { errorMessage } from '../lib/format';
import { usePaymentSettings } from '../lib/payment-settings';
import { Panel } from '../ui/PageHeader';
import { useResendPaymentInstructions } from './api';
import { Button } from '../../../components/ui/Button';
import { ChatIcon } from '../../../components/ui/admin-icons';
import { MailIcon } from '../../../components/ui/icons';

export function PaymentRequestPanel({ order }: { order: OrderDto }) {
  const settings = usePaymentSettings();
  const resend = useResendPaymentInstructions(order.id);
  if (paymentRequestRefusal(order) !== null || !settings.data) return null;
  const instructions = paymentInstructions(settings.data);
  const chat = instructions
    ? whatsappUrl(order.customer_phone, paymentRequestText(order, instructions, { firstName: order.customer.first_name }))
    : null;

  function send() {
    resend.mutate(undefined, {
      onSuccess: (res) => toast.success(res.message),
      onError: (error) => toast.error('No se pudieron reenviar los datos de pago.', { description: errorMessage(error, '') || undefined }),
    });
  }

  return (
    <Panel title="Datos de pago para el cliente">
      {instructions ? (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={send} disabled={resend.isPending}>
            <MailIcon size={16} />
            {resend.isPending ? 'Enviando...' : 'Reenviar por email'}
          </Button>
          {chat && (
            <a
              href={chat}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-h-10 items-center gap-1.5 rounded-lg border border-stone-300 bg-white px-3 text-sm font-medium text-stone-800 hover:bg-stone-50"
            >
              <ChatIcon size={16} className="text-green-700" />
              Enviar por WhatsApp
            </a>
          )}
        </div>
      ) : (
        <p className="text-sm text-stone-600">
          La tienda no tiene datos de pago cargados.{' '}
          <Link to="/admin/configuracion" className="font-medium text-green-800 underline underline-offset-2">
            Cárgalos en Configuración
          </Link>
          .
        </p>
      )}
    </Panel>
  );
}
