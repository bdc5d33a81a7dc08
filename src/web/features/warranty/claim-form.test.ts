import { describe, expect, it } from 'vitest';
import { type ClaimFormValues, EMPTY_CLAIM, photoProblem, toClaimBody, validateClaim } from './claim-form';

const today = '2025-03-20';
const guestClaim: ClaimFormValues = {
  ...EMPTY_CLAIM,
  name: 'Ana Pérez',
  email: 'ana@correo.test',
  purchase_date: '2025-03-01',
  germination_date: '2025-03-05',
  product_name: 'Gorilla Glue Auto',
  description: 'Ninguna semilla abrió después de 72 horas.',
};
const order = {
  id: 7,
  order_number: 7,
  created_at: '2025-03-10T15:00:00Z',
  purchase_date: '2025-03-10',
  recipient_name: 'Juan Pérez',
  status: 'completed',
  products: [{ id: 3, name: 'Northern Light' }],
};

describe('validateClaim', () => {
  it('accepts a complete guest claim and asks for at least one photo', () => {
    expect(validateClaim(guestClaim, 2, { guest: true, today })).toEqual({});
    expect(validateClaim(guestClaim, 0, { guest: true, today })).toEqual({ photos: 'Debes subir al menos una foto del problema' });
  });

  it("gives the spec's messages for a guest's missing or wrong fields", () => {
    const errors = validateClaim({ ...EMPTY_CLAIM, email: 'sin-arroba', description: 'corta' }, 1, { guest: true, today });
    expect(errors).toMatchObject({
      name: 'El nombre es obligatorio',
      email: 'Debes proporcionar un correo electrónico válido',
      purchase_date: 'La fecha de compra es obligatoria',
      germination_date: 'La fecha de germinación es obligatoria',
      product_name: 'El nombre del producto es obligatorio',
      description: 'La descripción debe ser más detallada (mínimo 10 caracteres)',
    });
  });

  it('applies the date rules', () => {
    const check = (purchase_date: string, germination_date: string) =>
      validateClaim({ ...guestClaim, purchase_date, germination_date }, 1, { guest: true, today });
    expect(check('2025-03-21', '2025-03-22')).toMatchObject({ purchase_date: 'La fecha de compra no puede ser futura' });
    expect(check('2025-03-10', '2025-03-09')).toMatchObject({
      germination_date: 'La fecha de germinación no puede ser anterior a la fecha de compra',
    });
    expect(check('2025-03-10', '2025-03-10')).toMatchObject({ germination_date: 'La germinación no puede ser el mismo día de la compra' });
  });

  it('with an order: needs the order, then a product, and checks germination against its date', () => {
    const base = {
      ...EMPTY_CLAIM,
      purchase_type: 'with-order' as const,
      germination_date: '2025-03-12',
      description: 'No germinó ninguna semilla.',
    };
    expect(validateClaim(base, 1, { guest: false, today })).toMatchObject({ order_id: 'Debes seleccionar un pedido' });
    expect(validateClaim({ ...base, order_id: '7' }, 1, { guest: false, today, order })).toMatchObject({
      product_id: 'Debes seleccionar un producto del pedido',
    });
    expect(validateClaim({ ...base, order_id: '7', product_id: '3' }, 1, { guest: false, today, order })).toEqual({});
    expect(
      validateClaim({ ...base, order_id: '7', product_id: '3', germination_date: '2025-03-09' }, 1, { guest: false, today, order }),
    ).toEqual({
      germination_date: 'La fecha de germinación no puede ser anterior a la fecha de compra',
    });
  });

  it('sends the order, product and photos of a with-order claim', () => {
    const body = toClaimBody(
      {
        ...EMPTY_CLAIM,
        purchase_type: 'with-order',
        order_id: '7',
        product_id: '3',
        germination_date: '2025-03-12',
        description: ' No germinó. ',
      },
      ['/a.webp'],
      { guest: false, today, order },
    );
    expect(body).toMatchObject({
      purchase_type: 'with-order',
      order_id: 7,
      product_id: 3,
      purchase_date: '2025-03-10',
      product_name: 'Northern Light',
      photo1: '/a.webp',
      photo2: '',
      description: 'No germinó.',
    });
  });
});

describe('photoProblem', () => {
  it('refuses files that are not images or weigh over 5 MB', () => {
    expect(photoProblem(new File(['x'], 'a.pdf', { type: 'application/pdf' }))).toBe('Por favor selecciona una imagen válida');
    expect(photoProblem(new File([new Uint8Array(5_242_881)], 'a.png', { type: 'image/png' }))).toBe('La imagen no debe superar los 5MB');
    expect(photoProblem(new File([new Uint8Array(5_242_880)], 'a.png', { type: 'image/png' }))).toBeNull();
  });
});
