// Mi Cuenta: the customer's consent to reminder and news e-mails (issue 38, Ley 25.326), saved
// as soon as it is ticked or unticked, with the date it was last given or withdrawn.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ProfileUpdateResponse } from '../../../domain/auth';
import { formatDateTime } from '../../../domain/dates';
import { api, ApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { profileKey, type ProfileDto } from './api';

export function ConsentCard({ profile }: { profile: ProfileDto }) {
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);

  async function change(marketing_opt_in: boolean) {
    setSaving(true);
    try {
      const answer = await api.put<ProfileUpdateResponse>('/api/auth/profile/', { marketing_opt_in });
      queryClient.setQueryData<ProfileDto>(profileKey, answer.user);
      toast.success(marketing_opt_in ? 'Te enviaremos recordatorios y novedades' : 'Ya no te enviaremos recordatorios ni novedades');
    } catch (e) {
      toast.error(e instanceof ApiError && e.message ? e.message : 'Error al guardar tu preferencia');
    } finally {
      setSaving(false);
    }
  }

  return (
    <section aria-labelledby="consent-heading" className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6">
      <h3 id="consent-heading" className="font-semibold text-stone-900">
        Emails de la tienda
      </h3>
      <label className="mt-3 flex items-start gap-2 text-sm text-stone-700">
        <input
          type="checkbox"
          className="mt-0.5 h-4 w-4 shrink-0 accent-brand-700"
          checked={profile.marketing_opt_in}
          disabled={saving}
          onChange={(e) => void change(e.target.checked)}
        />
        Quiero recibir recordatorios y novedades por email
      </label>
      {profile.marketing_opt_in_changed_at && (
        <p className="mt-2 text-xs text-stone-500">
          {profile.marketing_opt_in ? 'Aceptado' : 'Retirado'} el {formatDateTime(profile.marketing_opt_in_changed_at)}
        </p>
      )}
    </section>
  );
}
