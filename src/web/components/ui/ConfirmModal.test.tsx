// @vitest-environment happy-dom
// The one confirmation dialog: named by its title and described by its question, the cancel answer
// focused (with the label a cancellation gives it), and closed by Escape or the backdrop unless the
// action is running.
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../test/render';
import { ConfirmModal } from './ConfirmModal';

function Harness({ busy = false, cancelLabel }: { busy?: boolean; cancelLabel?: string }) {
  const [open, setOpen] = useState(true);
  const [confirmed, setConfirmed] = useState(0);
  return (
    <>
      <p>{open ? 'abierto' : 'cerrado'}</p>
      <p>{`confirmado ${confirmed}`}</p>
      <ConfirmModal
        open={open}
        title="Cancelar pedido"
        confirmLabel="Sí, cancelar pedido"
        cancelLabel={cancelLabel}
        busy={busy}
        busyLabel="Cancelando..."
        onConfirm={() => setConfirmed((n) => n + 1)}
        onClose={() => setOpen(false)}
      >
        ¿Seguro que quieres cancelar el pedido #101?
      </ConfirmModal>
    </>
  );
}

const dialog = () => screen.getByRole('dialog', { name: 'Cancelar pedido' });
const cancelEvent = () => new Event('cancel', { cancelable: true });

describe('ConfirmModal', () => {
  it('is named and described, focuses the cancel answer and confirms', () => {
    renderPage(<Harness cancelLabel="Volver" />);
    expect(dialog().getAttribute('aria-describedby')).toBe(screen.getByText('¿Seguro que quieres cancelar el pedido #101?').id);
    const volver = screen.getByRole('button', { name: 'Volver' });
    // Focused once the dialog is open (e2e/checkout.test.ts sees it in a browser).
    expect(document.activeElement).toBe(volver);
    fireEvent.click(screen.getByRole('button', { name: 'Sí, cancelar pedido' }));
    expect(screen.getByText('confirmado 1')).toBeTruthy();
    fireEvent.click(volver);
    expect(screen.getByText('cerrado')).toBeTruthy();
  });

  it("says 'Cancelar' when no other label is given", () => {
    renderPage(<Harness />);
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeTruthy();
  });

  it('closes with Escape and with a click on the backdrop', () => {
    renderPage(<Harness />);
    fireEvent(dialog(), cancelEvent());
    expect(screen.getByText('cerrado')).toBeTruthy();
    renderPage(<Harness />);
    fireEvent.click(dialog());
    expect(screen.getByText('cerrado')).toBeTruthy();
  });

  it('stays open while the action runs, its cancel answer disabled', () => {
    renderPage(<Harness busy cancelLabel="Volver" />);
    fireEvent(dialog(), cancelEvent());
    fireEvent.click(dialog());
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(screen.getByText('abierto')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Volver' }).disabled).toBe(true);
    expect(screen.getByRole('button', { name: /Cancelando/ })).toBeTruthy();
  });
});
