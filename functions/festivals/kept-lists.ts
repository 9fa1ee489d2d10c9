import { PRIVATE_CACHE, PUBLIC_EDGE_CACHE } from '../lib/cached-body';
import { keptCatalogBody } from '../lib/domain/festivals/festival-store';
import type { KeptLookup } from '../lib/kept-answers';
import { keptFestival } from './app';

/**
 * The catalogue's lists (GET /api/festivals, /page, /calendar) whose target was answered before
 * from the current catalogue, and approved festivals' kept answers: the kept body, with the
 * Cache-Control of a public read (publicReadCacheControl: private when the request carries credentials).
 */
export const keptFestivalLists: KeptLookup = (target, header) => {
  if (!target.startsWith('/api/festivals')) return undefined;
  const body = keptCatalogBody(target);
  if (!body) return keptFestival(target, header);
  return { body, cacheControl: header('authorization') || header('cookie') ? PRIVATE_CACHE : PUBLIC_EDGE_CACHE };
};
