import { eq, inArray, sql } from 'drizzle-orm';
import { formatDateRange } from '#core/dates';
import { matchesFilters, normalizeText } from '#core/festival-filters';
import { festivalPath } from '#core/share';
import type { Executor } from '#db/client';
import { festivalGenresTable, festivalsTable, genresTable, savedAlertsTable } from '#db/schema';
import { siteUrl } from '../../mail/site-url';
import { fanOut } from './fan-out';

type StoredFilters = Record<string, string | number>;

/** A saved search's filters against one festival, with the home's own matching rules (core/festival-filters). */
function matches(festival: Parameters<typeof matchesFilters>[0], filters: StoredFilters): boolean {
  const num = (v: unknown) => (v === undefined || v === '' ? undefined : Number(v));
  const lat = num(filters.lat);
  const lon = num(filters.lon);
  const ok = matchesFilters(festival, {
    search: filters.search ? String(filters.search) : undefined,
    genre: filters.genre ? String(filters.genre) : undefined,
    minRating: num(filters.minRating),
    upcoming: true,
    near: lat !== undefined && lon !== undefined ? { lat, lon, radiusKm: num(filters.radius) ?? null } : null,
  });
  if (!ok) return false;
  if (filters.country && !normalizeText(festival.location ?? '').includes(normalizeText(String(filters.country))))
    return false;
  return true;
}

/**
 * A festival just approved: the owners of every saved search it matches are told, each once,
 * through the channels that search chose and their preferences allow. Runs in the approval's
 * transaction. The searches are read whole (at most 20 per user); filters the festival's card
 * cannot answer yet (artist, price) are left to the festival page.
 */
export async function announceApprovedFestival(tx: Executor, festivalId: number): Promise<void> {
  await announceApprovedFestivals(tx, [festivalId]);
}

/** The same for many festivals at once (an admin's bulk import): three reads whatever the count, then a fan-out per match. */
export async function announceApprovedFestivals(tx: Executor, festivalIds: number[]): Promise<void> {
  if (festivalIds.length === 0) return;
  const festivals = await tx
    .select({
      id: festivalsTable.id,
      name: festivalsTable.name,
      location: festivalsTable.location,
      start_date: festivalsTable.startDate,
      end_date: festivalsTable.endDate,
      latitude: festivalsTable.latitude,
      longitude: festivalsTable.longitude,
      status: festivalsTable.status,
    })
    .from(festivalsTable)
    .where(inArray(festivalsTable.id, festivalIds));
  const approved = festivals.filter((f) => f.status === 'approved');
  if (approved.length === 0) return;
  const alerts = await tx.select().from(savedAlertsTable);
  if (alerts.length === 0) return;
  const genreRows = await tx
    .select({ festivalId: festivalGenresTable.festivalId, name: genresTable.name })
    .from(festivalGenresTable)
    .innerJoin(genresTable, eq(genresTable.id, festivalGenresTable.genreId))
    .where(
      inArray(
        festivalGenresTable.festivalId,
        approved.map((f) => f.id),
      ),
    );
  for (const festival of approved) {
    const genres = genreRows.filter((g) => g.festivalId === festival.id).map((g) => g.name);
    await announceTo(tx, festival, genres, alerts);
  }
}

async function announceTo(
  tx: Executor,
  festival: {
    id: number;
    name: string;
    location: string | null;
    start_date: string | null;
    end_date: string | null;
    latitude: number | null;
    longitude: number | null;
  },
  genres: string[],
  alerts: (typeof savedAlertsTable.$inferSelect)[],
): Promise<void> {
  const card = { ...festival, genres, hasValidCoordinates: festival.latitude !== null && festival.longitude !== null };
  const matched = alerts.filter((a) => matches(card as Parameters<typeof matchesFilters>[0], a.filters));
  if (matched.length === 0) return;
  const path = festivalPath(festival.id, festival.name);
  const range = formatDateRange(festival.start_date, festival.end_date);
  // One fan-out per combination of channels the matching searches chose.
  const groups = new Map<string, { channels: { inApp: boolean; email: boolean; push: boolean }; ids: number[] }>();
  for (const a of matched) {
    const key = `${a.channels.inApp}${a.channels.email}${a.channels.push}`;
    const group = groups.get(key) ?? { channels: a.channels, ids: [] };
    group.ids.push(a.id);
    groups.set(key, group);
  }
  for (const { channels, ids } of groups.values()) {
    const names = matched.filter((a) => ids.includes(a.id));
    const message = `Nuevo festival para tu alerta «${names[0].name}»: ${festival.name} (${range}, ${festival.location}).`;
    await fanOut(
      tx,
      {
        eventKey: `search:festival:${festival.id}`,
        type: 'saved_search',
        message,
        url: path,
        channels,
        payload: {
          subject: `Nuevo festival para tu alerta: ${festival.name}`,
          heading: festival.name,
          paragraphs: [message],
          action: { label: 'Ver el festival', url: siteUrl(path) },
          reason: 'Recibes este aviso porque guardaste una alerta de búsqueda en Festivales.',
        },
      },
      sql`select distinct user_id from saved_alerts where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  }
}
