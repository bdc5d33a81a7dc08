// The one reader of an API refusal's per-field messages: the first message of each field, by the
// form's names, only for the fields the form shows, the rest gathered under one name if asked.
import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { serverFieldErrors } from './use-api-form';

const refusal = new ApiError(400, 'Datos inválidos', 'VALIDATION_ERROR', {
  order_number: ['El pedido no existe'],
  order: ['El pedido no se puede reclamar'],
  description: ['La descripción es muy corta', 'Otro motivo'],
  captcha: ['Captcha inválido'],
  empty: [],
});

describe('serverFieldErrors', () => {
  it('takes the first message of every field the server names', () => {
    expect(serverFieldErrors(refusal)).toEqual({
      order_number: 'El pedido no existe',
      order: 'El pedido no se puede reclamar',
      description: 'La descripción es muy corta',
      captcha: 'Captcha inválido',
    });
  });

  it("reads the server's names as the form's, keeps the first of two, and gathers the fields the form lacks", () => {
    const options = { fields: ['order_id', 'description'], aliases: { order: 'order_id', order_number: 'order_id' } };
    expect(serverFieldErrors(refusal, options)).toEqual({ order_id: 'El pedido no existe', description: 'La descripción es muy corta' });
    expect(serverFieldErrors(refusal, { ...options, rest: 'root.general' })).toEqual({
      order_id: 'El pedido no existe',
      description: 'La descripción es muy corta',
      'root.general': 'Captcha inválido',
    });
    expect(serverFieldErrors(refusal, { fields: (name) => name.startsWith('desc') })).toEqual({
      description: 'La descripción es muy corta',
    });
  });

  it('finds nothing in an error without fields', () => {
    expect(serverFieldErrors(new ApiError(409, 'Sin stock', 'INSUFFICIENT_STOCK'))).toEqual({});
    expect(serverFieldErrors(new Error('red'))).toEqual({});
  });
});
