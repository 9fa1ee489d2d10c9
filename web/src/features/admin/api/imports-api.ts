import { apiRequest } from '../../../lib/api-client';
import type { BulkImportResult } from '#core/import-schemas';

/** POST /api/admin/import/festivals: the file sent as it is, as CSV or JSON by what it holds. */
export async function bulkImportFestivals(file: File, options: { dryRun: boolean; status: 'approved' | 'pending' }) {
  const text = await file.text();
  const type = /^\s*\[/.test(text) ? 'application/json' : 'text/csv';
  const query = new URLSearchParams({ dry_run: String(options.dryRun), status: options.status });
  return apiRequest<BulkImportResult>(`/api/admin/import/festivals?${query}`, {
    method: 'POST',
    body: new Blob([text], { type }),
    headers: { 'Content-Type': type },
  });
}
