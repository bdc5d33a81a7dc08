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

/** A form's closing row: "Cancelar" and the form's submit button (`children`, its label), both held while `busy`. */
export function FormActions({
  onCancel,
  cancelLabel,
  busy,
  busyLabel,
  disabled,
  form,
  className,
  children,
}: {
  onCancel: () => void;
  cancelLabel?: string;
  busy: boolean;
  /** The submit button's label while it runs ("Guardando..."). */
  busyLabel: string;
  /** Holds the submit button until the form can be sent. */
  disabled?: boolean;
  /** The form's id, when the row stands outside it (a dialog's footer). */
  form?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <DialogActions onCancel={onCancel} cancelLabel={cancelLabel} busy={busy} className={className}>
      <Button type="submit" form={form} disabled={disabled} loading={busy} loadingText={busyLabel}>
        {children}
      </Button>
    </DialogActions>
  );
}
