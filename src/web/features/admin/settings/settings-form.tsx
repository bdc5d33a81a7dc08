// What every settings form shows before its values arrive, and how it puts the server's field
// errors on its fields.
import type { UseQueryResult } from '@tanstack/react-query';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../lib/format';
import { Panel } from '../ui/PageHeader';
import { ErrorState, LoadingState } from '../ui/states';

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

/** Each field error the server answered, on the form's field of that name (others are left to the toast). */
export function showServerFieldErrors<T extends FieldValues>(error: unknown, fields: readonly string[], setError: UseFormSetError<T>) {
  if (!(error instanceof ApiError) || !error.errors) return;
  for (const [field, messages] of Object.entries(error.errors)) {
    if (fields.includes(field) && messages[0]) setError(field as Path<T>, { type: 'server', message: messages[0] });
  }
}
