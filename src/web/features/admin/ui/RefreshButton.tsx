// "Actualizar" of an admin list: reloads it and says how it went in a toast (the word hidden on
// phones, where the icon stays).
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/Button';
import { RefreshIcon } from '../../../components/ui/admin-icons';

export function RefreshButton({
  refetch,
  done,
  failed,
}: {
  refetch: () => Promise<{ isError: boolean }>;
  /** The toast after a reload. */
  done: string;
  /** The toast after a failed reload. */
  failed: string;
}) {
  const [refreshing, setRefreshing] = useState(false);

  async function refresh() {
    setRefreshing(true);
    const result = await refetch();
    setRefreshing(false);
    if (result.isError) toast.error(failed);
    else toast.success(done);
  }

  return (
    <Button variant="secondary" onClick={refresh} loading={refreshing} aria-label="Actualizar">
      <RefreshIcon size={16} />
      <span className="hidden sm:inline">Actualizar</span>
    </Button>
  );
}
