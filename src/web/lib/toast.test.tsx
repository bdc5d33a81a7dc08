// @vitest-environment happy-dom
// A toast asked for before its library has loaded still shows: the library is fetched, the list
// drawn, then the toast published to it, in that order.
import { screen } from '@testing-library/react';
import { toast as sonner } from 'sonner';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderPage } from '../test/render';
import { Toasts, toast } from './toast';

describe('toast', () => {
  // Test files share their worker's modules: toasts an earlier file showed are still active in the
  // library, and a list that subscribes would draw them too.
  beforeEach(() => sonner.dismiss());

  it('shows a toast asked for at once, before the list is on the page', async () => {
    renderPage(<Toasts />);
    expect(document.querySelector('[data-sonner-toaster]')).toBeNull();
    toast.success('Producto añadido al carrito');
    toast.error('Sin stock', { description: 'Elegí otra presentación' });
    expect(await screen.findByText('Producto añadido al carrito')).toBeTruthy();
    expect(await screen.findByText('Elegí otra presentación')).toBeTruthy();
    expect(document.querySelectorAll('[data-sonner-toast]')).toHaveLength(2);
  });

  it('draws a list put on the page after the library has loaded, and shows the toasts asked for then', async () => {
    renderPage(<Toasts />);
    toast.success('Pedido guardado');
    expect(await screen.findByText('Pedido guardado')).toBeTruthy();
    // Another layout's list takes its place (the first is removed): the library is loaded already,
    // so the new list subscribes to it at once instead of waiting for a load that has happened.
    renderPage(<Toasts />);
    toast.info('Stock actualizado');
    expect(await screen.findByText('Stock actualizado')).toBeTruthy();
    expect(document.querySelectorAll('[data-sonner-toaster]')).toHaveLength(1);
  });
});
