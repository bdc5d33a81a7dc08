import type { ReactNode } from 'react';
import { AlertIcon, CheckCircleIcon, InfoLargeIcon } from './account-icons';

const tones = {
  error: { box: 'border-red-200 bg-red-50 text-red-900', icon: AlertIcon, iconColor: 'text-red-600' },
  warning: { box: 'border-amber-200 bg-amber-50 text-amber-950', icon: AlertIcon, iconColor: 'text-amber-600' },
  info: { box: 'border-sky-200 bg-sky-50 text-sky-950', icon: InfoLargeIcon, iconColor: 'text-sky-600' },
  success: { box: 'border-brand-200 bg-brand-50 text-brand-950', icon: CheckCircleIcon, iconColor: 'text-brand-700' },
} as const;

/** A message box; errors and warnings are announced at once, others politely. */
export function Alert({
  tone,
  title,
  children,
  className = '',
}: {
  tone: keyof typeof tones;
  title?: string;
  children?: ReactNode;
  className?: string;
}) {
  const { box, icon: Icon, iconColor } = tones[tone];
  const urgent = tone === 'error' || tone === 'warning';
  return (
    <div role={urgent ? 'alert' : 'status'} className={`flex gap-3 rounded-lg border p-3.5 text-sm ${box} ${className}`}>
      <Icon size={20} className={`mt-px shrink-0 ${iconColor}`} />
      <div className="min-w-0 space-y-1">
        {title && <p className="font-semibold">{title}</p>}
        {children && <div className="break-words">{children}</div>}
      </div>
    </div>
  );
}
