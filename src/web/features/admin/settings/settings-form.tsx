// What every settings form shows before its values arrive, and the form itself: filled from the
// server, saved, the server's field errors on its fields and its result in the flash line.
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import type { DefaultValues, FieldValues, Path } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from '../lib/format';
import { Panel } from '../ui/PageHeader';
import { Flash, useFlash, type FlashMessage } from './flash';
import { Button } from '../../../components/ui/Button';
import { useApiForm } from '../../../lib/use-api-form';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { TextField, type TextFieldProps } from '../../../components/ui/fields';
import { formatWhatsapp } from '../../../../domain/phone-format';

/** The panel while `query` loads, or when it failed (with a retry); `what`: "los datos de pago". */
export function SettingsQueryState({ query, title, what }: { query: UseQueryResult<unknown>; title: string; what: string }) {
  return (
    <Panel title={title}>
      {query.isError ? (
        <ErrorState
          title={`Error al cargar ${what}`}
          detail={errorMessage(query.error, '')}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <LoadingState label={`Cargando ${what}...`} />
      )}
    </Panel>
  );
}

interface SettingsFormOptions<F extends FieldValues, Out, Saved> {
  /** The saved settings, once read. */
  data: Saved | undefined;
  /** The fields whose server errors show on them (others are left to the flash line). */
  fields: readonly string[];
  schema: z.ZodType;
  /** The form's text values of the saved settings (of nothing yet: every field empty). */
  toFields(saved: Saved | undefined): F;
  save: UseMutationResult<Saved, unknown, Out>;
  savedMessage: string;
  failedMessage: string;
  /**
   * Fields another form on the page edits too (the WhatsApp of 'Datos de pago' and 'Contacto'):
   * sent only when changed here, so saving this form never puts back the value it loaded.
   */
  shared?: readonly string[];
}

/**
 * A settings form: filled with the saved values when they arrive and again with what the server
 * kept after a save; the server's field errors on their fields, the result in the flash line.
 */
export function useSettingsForm<F extends FieldValues, Out, Saved>(options: SettingsFormOptions<F, Out, Saved>) {
  const { data, fields, schema, toFields, save, savedMessage, failedMessage, shared = [] } = options;
  const flash = useFlash();
  const { form, field, showServerErrors } = useApiForm<F, Out>({
    schema,
    defaultValues: toFields(undefined) as DefaultValues<F>,
    mode: 'onTouched',
  });
  const { reset, handleSubmit } = form;

  useEffect(() => {
    // Saved elsewhere (the other form of a shared field): what is being typed here stays.
    if (data) reset(toFields(data), { keepDirtyValues: true });
    // toFields is a module function of each form: stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, reset]);

  const onSubmit = handleSubmit((values) => {
    flash.clear();
    const loaded = (form.formState.defaultValues ?? {}) as Record<string, unknown>;
    const changedHere = (name: string) => form.getValues(name as Path<F>) !== loaded[name];
    const body = Object.fromEntries(
      Object.entries(values as Record<string, unknown>).filter(([name]) => !shared.includes(name) || changedHere(name)),
    ) as Out;
    save.mutate(body, {
      onSuccess: (saved) => {
        reset(toFields(saved));
        flash.success(savedMessage);
      },
      onError: (error) => {
        showServerErrors(error, { fields });
        flash.error(errorMessage(error, failedMessage));
      },
    });
  });
  return { form, onSubmit, flash, field };
}

/**
 * The result line and the save button under a settings form: the button waits for a change,
 * except after a failed save (to try again).
 */
export function SettingsSubmit({
  flash,
  saving,
  failed,
  dirty,
  children,
}: {
  flash: FlashMessage | null;
  saving: boolean;
  failed: boolean;
  dirty: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <Flash message={flash} />
      <div className="flex justify-end">
        <Button type="submit" loading={saving} loadingText="Guardando..." disabled={!dirty && !failed}>
          {children}
        </Button>
      </div>
    </>
  );
}

/**
 * A settings form's text values of saved settings: '' where unset, the shop's WhatsApp (which
 * 'Datos de pago' and 'Contacto' both edit) as people read it, `shown` for a field written its own way.
 */
export function settingsTexts<K extends string>(
  fields: readonly K[],
  saved: Partial<Record<K, string | null>> | undefined,
  shown: Partial<Record<K, (value: string) => string>> = {},
): Record<K, string> {
  return Object.fromEntries(
    fields.map((field) => {
      const value = saved?.[field] ?? '';
      const show = field === 'whatsapp_number' ? formatWhatsapp : shown[field];
      return [field, show ? show(value) : value];
    }),
  ) as Record<K, string>;
}

/** The shop's CUIT, as 'Datos de pago' and 'Contacto' ask for it. */
export function CuitField(props: Omit<TextFieldProps, 'label'>) {
  return <TextField label="CUIT" inputMode="numeric" autoComplete="off" hint="11 dígitos, con o sin guiones." {...props} />;
}
