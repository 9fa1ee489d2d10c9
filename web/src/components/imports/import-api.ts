import { apiRequest } from '../../lib/api-client';
import type { ImportDraft, ImportField, ImportPreview } from '#core/import-schemas';
import type { FestivalDetailAnswer } from './import-types';

/** POST /api/import/preview: the page read into a draft (beside the festival's data when one is given). */
export const previewImport = (url: string, festivalId?: number) =>
  apiRequest<ImportPreview>('/api/import/preview', {
    method: 'POST',
    body: { url, ...(festivalId ? { festival_id: festivalId } : {}) },
  });

/** POST /api/import/apply: the ticked fields written, their source kept. */
export const applyImport = (festivalId: number, sourceUrl: string, fields: ImportField[], draft: ImportDraft) =>
  apiRequest<FestivalDetailAnswer>('/api/import/apply', {
    method: 'POST',
    body: { festival_id: festivalId, source_url: sourceUrl, fields, draft },
  });
