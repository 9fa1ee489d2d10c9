import { eq, inArray, sql } from 'drizzle-orm';
import type { ArtistInput } from '#core/lineup-schemas';
import { slugify } from '#core/slug';
import type { Database } from '#db/client';
import type { Executor } from '#db/client';
import { artistsTable, lineupEntriesTable } from '#db/schema';
import { recordAudit } from '../audit/audit';
import { badRequest, conflict, notFound, pgConstraint, pgErrorCode } from '../../errors';
import { written } from '../../cache/written';
import { sqlRows } from '../sql-rows';

export const ARTIST_NOT_FOUND = 'Artista no encontrado';
export const DUPLICATE_ARTIST = 'Ya existe un artista con ese nombre.';
export const ARTIST_IN_LINEUPS =
  'El artista aparece en carteles: fusiónalo con otro o quítalo de los carteles antes de eliminarlo.';

export const artistNotFound = () => notFound(ARTIST_NOT_FOUND, 'artist_not_found');

/** A slug for any name: names without Latin letters (only Cyrillic, say) still get one. */
export const artistSlug = (name: string) => slugify(name) || 'artista';

function duplicateName(error: unknown): never {
  if (pgErrorCode(error) === '23505' && pgConstraint(error) === 'artists_name_key')
    throw conflict(DUPLICATE_ARTIST, 'duplicate_artist');
  throw error;
}

const artistValues = (input: ArtistInput) => ({
  name: input.name,
  slug: artistSlug(input.name),
  country: input.country,
  genres: input.genres,
  photoUrl: input.photo_url,
  website: input.website,
  instagram: input.instagram,
  soundcloud: input.soundcloud,
  spotify: input.spotify,
  residentAdvisor: input.resident_advisor,
  bandcamp: input.bandcamp,
  youtube: input.youtube,
});

/** POST /api/admin/artists */
export async function createArtist(database: Database, input: ArtistInput, actorId: number): Promise<number> {
  const id = await database
    .transaction(async (tx) => {
      const [row] = await tx.insert(artistsTable).values(artistValues(input)).returning({ id: artistsTable.id });
      await recordAudit(tx, {
        actorId,
        action: 'create',
        entity: 'artist',
        entityId: row.id,
        details: { name: input.name },
      });
      return row.id;
    })
    .catch(duplicateName);
  // The kept artist search (read-artists.ts) shows a write made here on the next request.
  written('artist', id);
  return id;
}

/** PUT /api/admin/artists/{id} */
export async function updateArtist(database: Database, id: number, input: ArtistInput, actorId: number): Promise<void> {
  await database
    .transaction(async (tx) => {
      const rows = await tx
        .update(artistsTable)
        .set({ ...artistValues(input), updatedAt: new Date() })
        .where(eq(artistsTable.id, id))
        .returning({ id: artistsTable.id });
      if (rows.length === 0) throw artistNotFound();
      await recordAudit(tx, {
        actorId,
        action: 'update',
        entity: 'artist',
        entityId: id,
        details: { name: input.name },
      });
    })
    .catch(duplicateName);
  written('artist', id);
}

/** DELETE /api/admin/artists/{id}: only an artist on no lineup (the foreign key refuses otherwise). */
export async function deleteArtist(database: Database, id: number, actorId: number): Promise<void> {
  await database
    .transaction(async (tx) => {
      const rows = await tx.delete(artistsTable).where(eq(artistsTable.id, id)).returning({ name: artistsTable.name });
      if (rows.length === 0) throw artistNotFound();
      await recordAudit(tx, {
        actorId,
        action: 'delete',
        entity: 'artist',
        entityId: id,
        details: { name: rows[0].name },
      });
    })
    .catch((error: unknown) => {
      // restrict_violation: the lineup entries' foreign key (ON DELETE RESTRICT).
      if (pgErrorCode(error) === '23001' || pgErrorCode(error) === '23503')
        throw conflict(ARTIST_IN_LINEUPS, 'artist_in_lineups');
      throw error;
    });
  written('artist', id);
}

/**
 * POST /api/admin/artists/{id}/merge {into}: the duplicate's lineup entries move to `into`, the links
 * and genres `into` lacks are taken from the duplicate, then the duplicate is deleted. One transaction.
 * Tables that point at artists (follows, when they exist) must move their rows here too.
 */
export async function mergeArtists(database: Database, id: number, into: number, actorId: number): Promise<void> {
  if (id === into) throw badRequest('Un artista no puede fusionarse consigo mismo.', 'merge_into_itself');
  await database.transaction(async (tx) => {
    const found = await tx
      .select({ id: artistsTable.id })
      .from(artistsTable)
      .where(inArray(artistsTable.id, [id, into]))
      .for('update');
    if (found.length < 2) throw artistNotFound();
    await tx.update(lineupEntriesTable).set({ artistId: into }).where(eq(lineupEntriesTable.artistId, id));
    await tx.execute(sql`update artists t set
        country = coalesce(t.country, d.country),
        genres = (select coalesce(array_agg(distinct g), '{}') from unnest(t.genres || d.genres) g),
        photo_url = coalesce(t.photo_url, d.photo_url), website = coalesce(t.website, d.website),
        instagram = coalesce(t.instagram, d.instagram), soundcloud = coalesce(t.soundcloud, d.soundcloud),
        spotify = coalesce(t.spotify, d.spotify), resident_advisor = coalesce(t.resident_advisor, d.resident_advisor),
        bandcamp = coalesce(t.bandcamp, d.bandcamp), youtube = coalesce(t.youtube, d.youtube), updated_at = now()
      from artists d where t.id = ${into} and d.id = ${id}`);
    await tx.delete(artistsTable).where(eq(artistsTable.id, id));
    await recordAudit(tx, { actorId, action: 'merge', entity: 'artist', entityId: into, details: { merged: id } });
  });
  written('artist', id);
  written('artist', into);
}

/**
 * Artists of a lineup by name (found by their key, created when new) and by id (which must
 * exist): three queries whatever the count. Names that share a key (typed twice, or 'DJ X' and
 * 'X') become one artist.
 */
export async function resolveArtistNames(
  tx: Executor,
  names: string[],
  ids: number[],
): Promise<{ byName: Map<string, number>; created: number }> {
  const byName = new Map<string, number>();
  let created = 0;
  if (names.length > 0) {
    const unique = [...new Set(names)];
    const inserted = await sqlRows(
      tx,
      sql`insert into artists (name, slug)
      select n, s from unnest(${sql.param(unique)}::text[], ${sql.param(unique.map(artistSlug))}::text[]) as x(n, s)
      on conflict (name_key) do nothing returning id`,
    );
    created = inserted.length;
    const found = await sqlRows<{ name: string; id: number }>(
      tx,
      sql`select x.n as name, a.id from unnest(${sql.param(unique)}::text[]) as x(n)
      join artists a on a.name_key = artist_name_key(x.n)`,
    );
    for (const row of found) byName.set(row.name, Number(row.id));
  }
  if (ids.length > 0) {
    const unique = [...new Set(ids)];
    const existing = await tx
      .select({ id: artistsTable.id })
      .from(artistsTable)
      .where(inArray(artistsTable.id, unique));
    if (existing.length < unique.length) throw artistNotFound();
  }
  return { byName, created };
}
