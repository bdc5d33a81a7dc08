// @vitest-environment happy-dom
// A field bound with bindFields: what is typed reaches the form's values, and the schema's refusal
// shows under the field, named by its label, nested names included.
import { zodResolver } from '@hookform/resolvers/zod';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TextField } from '../components/ui/fields';
import { renderPage } from '../test/render';
import { bindFields } from './form-fields';

const schema = z.object({ cuit: z.string().regex(/^\d{11}$/, '11 dígitos'), bank: z.object({ alias: z.string().min(6, 'Muy corto') }) });
type Fields = z.infer<typeof schema>;

function Form({ onSave }: { onSave(values: Fields): void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Fields>({ resolver: zodResolver(schema), defaultValues: { cuit: '', bank: { alias: '' } } });
  const field = bindFields(register, errors);
  return (
    <form onSubmit={handleSubmit(onSave)} aria-label="Datos">
      <TextField label="CUIT" {...field('cuit')} />
      <TextField label="Alias" {...field('bank.alias')} />
      <button type="submit">Guardar</button>
    </form>
  );
}

describe('bindFields', () => {
  it('shows each refusal on its field, then sends what was typed', async () => {
    const saved: Fields[] = [];
    renderPage(<Form onSave={(values) => saved.push(values)} />);
    fireEvent.input(screen.getByLabelText('CUIT'), { target: { value: '20-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await screen.findByText('11 dígitos');
    expect(screen.getByText('Muy corto')).toBeTruthy();
    expect(screen.getByLabelText('CUIT').getAttribute('aria-invalid')).toBe('true');
    expect(saved).toEqual([]);

    fireEvent.input(screen.getByLabelText('CUIT'), { target: { value: '20123456789' } });
    fireEvent.input(screen.getByLabelText('Alias'), { target: { value: 'semillas.sur' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(saved).toEqual([{ cuit: '20123456789', bank: { alias: 'semillas.sur' } }]));
    expect(screen.queryByText('11 dígitos')).toBeNull();
  });
});
