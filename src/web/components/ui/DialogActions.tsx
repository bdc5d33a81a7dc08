// The closing row of a dialog or of a form that can be abandoned: a secondary "Cancelar" beside the
// action, the action on top when they stack on a phone; and what a confirmation dialog takes.
import type { ReactNode } from 'react';
import { Button, type ButtonSize } from './Button';

/** What a confirmation dialog takes: the question, the action's label and state, and the two answers. */
export interface ConfirmationProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The answer that keeps things as they are: 'Cancelar' unless the action itself is a cancellation. */
  cancelLabel?: string;
  busy?: boolean;
  busyLabel?: string;
  tone?: 'danger' | 'primary';
  onConfirm: () => void;
  onClose: () => void;
}

export function DialogActions({
  onCancel,
  cancelLabel = 'Cancelar',
  busy,
  focusCancel,
  size,
  className = '',
  children,
}: {
  onCancel: () => void;
  cancelLabel?: string;
  /** Disables the cancel button while the action runs. */
  busy?: boolean;
  /** Focus the cancel button when the row appears (confirmations of destructive actions). */
  focusCancel?: boolean;
  size?: ButtonSize;
  className?: string;
  /** The action button. */
  children: ReactNode;
}) {
  return (
    <div className={['flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className].filter(Boolean).join(' ')}>
      <Button variant="secondary" size={size} onClick={onCancel} disabled={busy} data-autofocus={focusCancel || undefined}>
        {cancelLabel}
      </Button>
      {children}
    </div>
  );
}
