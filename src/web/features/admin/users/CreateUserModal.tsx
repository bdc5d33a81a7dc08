// The create-user modal (spec accounts-admin §5 admin create user, §8 create user): the shared
// schema's rules, and the server's field errors placed next to their fields.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import { adminCreateUserSchema, type AdminCreateUserInput } from '../../../../domain/users';
import { Modal } from '../../../components/Modal';
import { ApiError } from '../../../lib/api';
import { useCreateUser } from './api';
import { FormActions } from '../../../components/ui/DialogActions';
import { TextField } from '../../../components/ui/fields';
import { bindFields } from '../../../lib/form-fields';

interface CreateUserFields {
  first_name: string;
  last_name: string;
  username: string;
  email: string;
  instagram: string;
  password: string;
  password2: string;
}

const EMPTY: CreateUserFields = { first_name: '', last_name: '', username: '', email: '', instagram: '', password: '', password2: '' };
const resolver = zodResolver(adminCreateUserSchema) as unknown as Resolver<CreateUserFields, unknown, AdminCreateUserInput>;

export function CreateUserModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const create = useCreateUser();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<CreateUserFields, unknown, AdminCreateUserInput>({
    resolver,
    defaultValues: EMPTY,
    mode: 'onTouched',
  });
  const field = bindFields(register, errors);

  useEffect(() => {
    if (!open) reset(EMPTY);
  }, [open, reset]);

  const onSubmit = handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (result) => {
        toast.success(result?.message ?? `Usuario ${values.username} creado correctamente`);
        onClose();
      },
      onError: (error) => {
        const fieldErrors = error instanceof ApiError ? Object.entries(error.errors ?? {}) : [];
        for (const [field, messages] of fieldErrors) {
          if (field in EMPTY) setError(field as keyof CreateUserFields, { type: 'server', message: messages[0] });
        }
        // spec §8: a list of errors is 'Errores de validación'; otherwise the server's message.
        if (fieldErrors.length > 1) toast.error('Errores de validación', { description: fieldErrors.map(([, m]) => m[0]).join('. ') });
        else toast.error('Error al crear el usuario', { description: error.message });
      },
    }),
  );

  return (
    <Modal open={open} onClose={() => !create.isPending && onClose()} title="Crear usuario">
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Nombre" required autoComplete="off" {...field('first_name')} />
          <TextField label="Apellido" required autoComplete="off" {...field('last_name')} />
          <TextField
            label="Nombre de usuario"
            required
            autoComplete="off"
            hint="Solo letras, números y guiones bajos; mínimo 3 caracteres."
            {...field('username')}
          />
          <TextField label="Email" type="email" required autoComplete="off" {...field('email')} />
          <TextField label="Instagram" hint="Opcional, por ejemplo @usuario." autoComplete="off" {...field('instagram')} />
          <div className="hidden sm:block" aria-hidden="true" />
          <TextField
            label="Contraseña"
            type="password"
            required
            autoComplete="new-password"
            hint="Mínimo 8 caracteres, con letras y números."
            {...field('password')}
          />
          <TextField label="Confirmar contraseña" type="password" required autoComplete="new-password" {...field('password2')} />
        </div>
        <p className="text-xs text-stone-500">La cuenta queda verificada y el usuario puede iniciar sesión de inmediato.</p>
        <FormActions onCancel={onClose} busy={create.isPending} busyLabel="Creando..." className="border-t border-stone-200 pt-3">
          Crear usuario
        </FormActions>
      </form>
    </Modal>
  );
}
