// Downloads the catalog as a CSV (one row per blister, for Excel in Spanish).
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { Icon, type IconProps } from '../../../components/ui/icons';
import { errorMessage } from '../lib/format';
import { downloadCatalog } from './sheet-api';
import { Button } from '../../../components/ui/Button';

export const DownloadIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 4v12M7 11l5 5 5-5M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" />
  </Icon>
);

export function ExportCatalogButton({ label = 'Exportar CSV', compact = false }: { label?: string; compact?: boolean }) {
  const [busy, setBusy] = useState(false);
  async function run() {
    setBusy(true);
    try {
      await downloadCatalog();
    } catch (error) {
      toast.error(errorMessage(error, 'Error al exportar el catálogo'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant="secondary" onClick={() => void run()} loading={busy} loadingText="Exportando..." aria-label={label}>
      <DownloadIcon size={16} />
      <span className={compact ? 'hidden sm:inline' : undefined}>{label}</span>
    </Button>
  );
}
