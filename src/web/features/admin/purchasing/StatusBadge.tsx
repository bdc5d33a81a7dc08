import type { PurchaseOrderStatus } from '../../../../domain/purchasing';
import { Badge, type BadgeTone } from '../../../components/ui/Badge';

const TONES: Record<PurchaseOrderStatus, BadgeTone> = {
  draft: 'neutral',
  sent: 'info',
  partially_received: 'warning',
  received: 'success',
  cancelled: 'danger',
};

export function StatusBadge({ status, label }: { status: PurchaseOrderStatus; label: string }) {
  return <Badge tone={TONES[status]}>{label}</Badge>;
}
