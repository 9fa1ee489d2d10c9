import { PRIVATE_CACHE, PUBLIC_EDGE_CACHE } from '../lib/cached-body';
import { keptArtistDetailBody } from '../lib/domain/artists/read-artists';
import { keptFestivalEditionsBody } from '../lib/domain/editions/read-editions';
import { keptCatalogBody, keptCatalogFestival } from '../lib/domain/festivals/festival-store';
import type { HeaderOf, KeptLookup } from '../lib/kept-answers';
import { keptFestival } from './app';

/** The Cache-Control of a public read (publicReadCacheControl): private when the request carries credentials. */
const publicRead = (header: HeaderOf) =>
  header('authorization') || header('cookie') ? PRIVATE_CACHE : PUBLIC_EDGE_CACHE;

/**
 * GET /api/festivals/{id}/editions of an approved festival, without a token (with one, the route
 * decides who sees what), when its kept answer is checked (keptFestivalEditionsBody). Ids as the
 * route's validation reads them, in their plain form only.
 */
const keptEditions: KeptLookup = (target, header) => {
  const match = /^\/api\/festivals\/([1-9]\d{0,9})\/editions$/.exec(target);
  if (!match || header('authorization')) return undefined;
  const festival = keptCatalogFestival(Number(match[1]));
  const body = festival && keptFestivalEditionsBody(festival.id);
  return body ? { body, cacheControl: publicRead(header) } : undefined;
};

/** GET /api/artists/{id} of a public artist whose kept page is checked (keptArtistDetailBody). */
const keptArtist: KeptLookup = (target, header) => {
  const match = /^\/api\/artists\/([1-9]\d{0,9})$/.exec(target);
  const body = match ? keptArtistDetailBody(Number(match[1])) : undefined;
  return body ? { body, cacheControl: publicRead(header) } : undefined;
};

/**
 * The catalogue's lists (GET /api/festivals, /page, /calendar) whose target was answered before
 * from the current catalogue, approved festivals' kept answers with their editions, and public
 * artists' kept pages: the kept body, with the Cache-Control of a public read.
 */
export const keptFestivalLists: KeptLookup = (target, header) => {
  if (target.startsWith('/api/artists/')) return keptArtist(target, header);
  if (!target.startsWith('/api/festivals')) return undefined;
  const body = keptCatalogBody(target);
  if (body) return { body, cacheControl: publicRead(header) };
  return keptFestival(target, header) ?? keptEditions(target, header);
};
