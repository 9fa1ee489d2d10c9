import type {
  DraftLineupEntry,
  DraftTicket,
  ImportDiff,
  ImportDraft,
  ImportField,
  ImportPreview,
} from '#core/import-schemas';
import type { Edition } from '#core/lineup-types';
import type { Festival } from '#core/response-schemas';
import type { Database } from '#db/client';
import type { AuthUser } from '../../app-env';
import { forbidden, unprocessable } from '../../errors';
import { safeFetch } from '../../safe-fetch/safe-fetch';
import { artistsByNames } from '../artists/read-artists';
import { festivalEditions } from '../editions/read-editions';
import { findFestival } from '../festivals/festival-rows';
import { requireOrganizedFestival } from '../organizers/organizer-access';
import { htmlParts, readOpenGraph } from './html-page';
import { readJsonLd } from './json-ld';
import { readSomething, type ReadResult } from './read-result';

/** An import reads pages of up to 2 MB (a festival's page with its whole lineup fits). */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
/** What an import reads: pages, feeds and JSON-LD documents (text/plain: feeds some servers mislabel). */
export const IMPORT_ACCEPTED = [
  'text/html',
  'application/xhtml+xml',
  'text/calendar',
  'application/ld+json',
  'application/json',
  'text/plain',
] as const;

export const NOTHING_READABLE =
  'La página no publica datos que podamos leer (ni JSON-LD de un evento, ni un calendario, ni Open Graph).';
export const NEW_FESTIVAL_ADMIN_ONLY =
  'Solo administración importa festivales nuevos: indica el festival que organizas (festival_id).';

/** An iCalendar feed, whatever type the server sent it as. */
const looksLikeCalendar = (text: string) => /^\s*BEGIN:VCALENDAR/i.test(text.slice(0, 200));

/** Reads a fetched body with the readers in their order: JSON-LD, iCalendar, then Open Graph. */
export async function readBody(text: string, contentType: string | null, url: string): Promise<ReadResult> {
  if (contentType === 'text/calendar' || looksLikeCalendar(text)) {
    // ical.js (76 KB) is loaded with the first feed, not when the function starts.
    const { readCalendar } = await import('./ical');
    const calendar = readCalendar(text, url);
    if (calendar && readSomething(calendar)) return calendar;
    throw unprocessable(NOTHING_READABLE, 'import_nothing_readable');
  }
  if (contentType === 'application/ld+json' || contentType === 'application/json') {
    const read = readJsonLd([text], url);
    if (read && readSomething(read)) return read;
    throw unprocessable(NOTHING_READABLE, 'import_nothing_readable');
  }
  const parts = htmlParts(text);
  const jsonLd = readJsonLd(parts.jsonLd, url);
  if (jsonLd && readSomething(jsonLd)) return jsonLd;
  const openGraph = readOpenGraph(parts, url);
  // A <title> alone says nothing of a festival: Open Graph's title or a description must be there.
  if (!openGraph.festival.description && !parts.meta.get('og:title')?.trim())
    throw unprocessable(NOTHING_READABLE, 'import_nothing_readable');
  openGraph.warnings.unshift(...(jsonLd?.warnings ?? []));
  return openGraph;
}

/** The ticket facts an edition stores, summed up from the tiers a page lists (what applying writes). */
export function ticketsFromTiers(tiers: DraftTicket[]) {
  const prices = tiers.map((t) => t.price).filter((p): p is number => p !== null && p <= 10000);
  const onSale = tiers
    .map((t) => t.valid_from)
    .filter((v): v is string => v !== null && v.includes('T'))
    .sort()[0];
  return {
    price_from: prices.length ? Math.min(...prices) : null,
    price_to: prices.length ? Math.max(...prices) : null,
    currency: tiers.find((t) => t.currency && /^[A-Z]{3}$/.test(t.currency))?.currency ?? 'EUR',
    ticket_url: tiers.find((t) => t.url)?.url ?? null,
    on_sale_at: onSale ?? null,
    // Sold out when every tier the page lists is; one tier sold out of several is not.
    sold_out: tiers.length > 0 && tiers.every((t) => t.availability === 'sold_out'),
  };
}

const setView = (s: {
  day: string | null;
  stage: string | null;
  starts_at: string | null;
  ends_at: string | null;
}) => ({
  day: s.day,
  stage: s.stage,
  starts_at: s.starts_at ? new Date(s.starts_at).toISOString() : null,
  ends_at: s.ends_at ? new Date(s.ends_at).toISOString() : null,
});

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The draft beside what is stored, field by field: only what the page gives and differs from the
 * festival (and from its edition of the page's year, or its current one).
 */
export function importDiff(draft: ImportDraft, festival: Festival, editions: Edition[]): ImportDiff[] {
  const edition =
    (draft.edition && editions.find((e) => e.year === draft.edition!.year)) ??
    editions.find((e) => e.start_date === festival.start_date) ??
    null;
  const entries: [ImportField, unknown, unknown][] = [
    ['name', festival.name, draft.festival.name],
    ['description', festival.description, draft.festival.description],
    ['website', festival.website, draft.festival.website],
    ['image_url', festival.image_url, draft.festival.image_url],
    ['location', festival.location, draft.festival.location],
    ['address', festival.address, draft.festival.address],
    [
      'coordinates',
      festival.latitude != null ? { latitude: festival.latitude, longitude: festival.longitude } : null,
      draft.festival.latitude != null
        ? { latitude: draft.festival.latitude, longitude: draft.festival.longitude }
        : null,
    ],
    [
      'dates',
      edition ? { start_date: edition.start_date, end_date: edition.end_date, status: edition.status } : null,
      draft.edition
        ? { start_date: draft.edition.start_date, end_date: draft.edition.end_date, status: draft.edition.status }
        : null,
    ],
    [
      'lineup',
      edition ? edition.lineup.map((l) => ({ name: l.artist.name, ...setView(l) })) : [],
      draft.lineup.length ? draft.lineup.map((l) => ({ name: l.name, ...setView(l) })) : null,
    ],
    ['tickets', edition?.tickets ?? null, draft.tickets.length ? ticketsFromTiers(draft.tickets) : null],
  ];
  return entries
    .filter(([, current, imported]) => imported !== null && !same(current, imported))
    .map(([field, current, imported]) => ({ field, current: current ?? null, imported }));
}

/**
 * POST /api/import/preview: the page at `url`, read through the safe fetcher (outside any
 * transaction), as a draft a person confirms. An admin may read any page; anyone else only for a
 * festival they organise (the organisers' one rule: 404 for a festival they cannot see, 403 for one
 * they do not organise). With a festival, the draft comes with its differences from it.
 */
export async function previewImport(
  database: Database,
  user: AuthUser,
  input: { url: string; festival_id?: number },
): Promise<ImportPreview> {
  if (input.festival_id !== undefined) await requireOrganizedFestival(database, user, input.festival_id);
  else if (user.role !== 'admin') throw forbidden(NEW_FESTIVAL_ADMIN_ONLY, 'import_not_allowed');

  const page = await safeFetch(input.url, { maxBytes: IMPORT_MAX_BYTES, accept: IMPORT_ACCEPTED });
  const fetchedAt = new Date().toISOString();
  const read = await readBody(page.text(), page.contentType, page.url);

  const matches = read.lineup.length
    ? await artistsByNames(
        database,
        read.lineup.map((s) => s.name),
      )
    : [];
  const lineup: DraftLineupEntry[] = read.lineup.map((set, index) => {
    const artist = matches[index]?.artist ?? null;
    return { ...set, artist_id: artist?.id ?? null, new: artist === null };
  });
  const draft: ImportDraft = { festival: read.festival, edition: read.edition, lineup, tickets: read.tickets };
  const preview: ImportPreview = {
    source: { url: page.url, kind: read.kind, fetched_at: fetchedAt },
    ...draft,
    warnings: read.warnings,
  };
  if (input.festival_id !== undefined) {
    const [festival, editions] = await Promise.all([
      findFestival(database, input.festival_id),
      festivalEditions(database, input.festival_id),
    ]);
    if (festival) preview.diff = importDiff(draft, festival, editions);
  }
  return preview;
}
