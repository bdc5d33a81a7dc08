// One whole-number setting in 'Configuración' (the low-stock threshold, the cap of orders awaiting
// payment): loaded, checked with the domain's schema, saved, with the server's answer below.
import { useEffect, useState, type FormEvent } from 'react';
import { errorMessage } from '../lib/format';
import { Panel } from '../ui/PageHeader';
import { Flash, useFlash } from './flash';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/fields';
import { ErrorState, LoadingState } from '../../../components/ui/states';

export interface IntegerSettingProps {
  title: string;
  description: string;
  label: string;
  max: number;
  texts: { loading: string; loadError: string; saveError: string };
  /** The saved value as loaded (a query's state, with the number picked out). */
  query: { data: number | undefined; isPending: boolean; isError: boolean; isFetching: boolean; refetch: () => unknown };
  /** Checks the typed number: the schema's Spanish message, or null when it may be saved. */
  check: (value: number | undefined) => string | null;
  /** Saves it and answers the server's message. */
  save: (value: number) => Promise<string>;
}

export function IntegerSetting({ title, description, label, max, texts, query, check, save }: IntegerSettingProps) {
  const flash = useFlash();
  const [value, setValue] = useState('');
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);

  const saved = query.data;
  useEffect(() => {
    if (saved !== undefined) setValue(String(saved));
  }, [saved]);

  if (query.isPending)
    return (
      <Panel title={title}>
        <LoadingState label={texts.loading} />
      </Panel>
    );
  if (query.isError)
    return (
      <Panel title={title}>
        <ErrorState title={texts.loadError} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      </Panel>
    );

  async function submit(event: FormEvent) {
    event.preventDefault();
    flash.clear();
    const typed = /^\d+$/.test(value.trim()) ? Number(value.trim()) : undefined;
    const problem = check(typed);
    if (problem || typed === undefined) return setError(problem ?? texts.saveError);
    setError('');
    setSaving(true);
    try {
      flash.success(await save(typed));
    } catch (e) {
      flash.error(errorMessage(e, texts.saveError));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Panel title={title} description={description}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
          <TextField
            label={label}
            inputMode="numeric"
            pattern="[0-9]*"
            maxLength={String(max).length}
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setError('');
            }}
            error={error}
            className="sm:w-64"
          />
          <Button
            type="submit"
            className="sm:mt-5"
            disabled={saving || value.trim() === String(saved)}
            loading={saving}
            loadingText="Guardando..."
          >
            Guardar
          </Button>
        </div>
        <Flash message={flash.message} />
      </form>
    </Panel>
  );
}
