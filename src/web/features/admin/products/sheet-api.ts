// Catalog export, import (preview, then apply) and bulk edit calls of the admin catalog.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkEditInput, BulkEditResultDto, ImportResultDto } from '../../../../domain/catalog-sheet';
import { api, saveDownload } from '../../../lib/api';
import { invalidateCatalog } from '../lib/queries';

/** Downloads GET /api/products/export.csv under the name the server gives it. */
export function downloadCatalog() {
  return saveDownload('/api/products/export.csv', 'catalogo.csv', {
    fallbackError: 'Error al exportar el catálogo',
    timeout: 120_000,
  });
}

interface ImportRequest {
  file: File;
  dryRun: boolean;
  /** The owner confirmed the flagged price changes. */
  confirmPrices?: boolean;
  /** Rows whose stock is taken from the file although the shop's changed since the export. */
  takeStockRows?: number[];
}

/** POST /api/products/import/: `dryRun` previews; otherwise the file is applied (when it has no errors). */
export function useImportCatalog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, dryRun, confirmPrices, takeStockRows }: ImportRequest) => {
      const form = new FormData();
      form.append('file', file);
      const query = new URLSearchParams();
      if (dryRun) query.set('dry_run', 'true');
      if (confirmPrices) query.set('confirm_price_changes', 'true');
      if (takeStockRows?.length) query.set('take_stock_rows', takeStockRows.join(','));
      const search = query.size ? `?${query.toString()}` : '';
      return api.post<ImportResultDto>(`/api/products/import/${search}`, form, {
        fallbackError: dryRun ? 'Error al leer el archivo' : 'Error al importar el catálogo',
        timeout: 120_000,
      });
    },
    onSuccess: (result) => {
      if (result.applied) invalidateCatalog(queryClient);
    },
  });
}

/** POST /api/products/bulk/: a preview with `dry_run`, or the change applied. */
export function useBulkEdit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BulkEditInput) =>
      api.post<BulkEditResultDto>('/api/products/bulk/', input, {
        fallbackError: input.dry_run ? 'Error al preparar la vista previa' : 'Error al aplicar los cambios',
      }),
    onSuccess: (result) => {
      if (result.applied) invalidateCatalog(queryClient);
    },
  });
}
