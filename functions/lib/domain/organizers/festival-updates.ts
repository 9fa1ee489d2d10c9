import { and, desc, eq, isNull } from 'drizzle-orm';
import { festivalPath } from '#core/share';
import type { FestivalUpdateInput } from '#core/organizer-schemas';
import type { FestivalUpdate } from '#core/responses/organizers';
import type { Database } from '#db/client';
import { festivalsTable, festivalUpdatesTable } from '#db/schema';
import type { AuthUser } from '../../app-env';
import { notFound } from '../../errors';
import { siteUrl } from '../../mail/site-url';
import { fanOut, favouritersOf } from '../alerts/fan-out';
import { recordAudit } from '../audit/audit';
import { FESTIVAL_NOT_FOUND } from '../festivals/festival-access';

/**
 * 'Novedades': what an organiser (or admin) tells a festival's followers. Posting one reaches
 * everyone who favourited the festival through the alert loop (bell, email, push, as each person's
 * preferences and digest mode say), in the transaction that stores it; it shows on the festival
 * page and its feed, newest first, until an admin hides it.
 */

/** How many the festival page and the feed show. */
export const UPDATES_LIMIT = 50;

const toUpdate = (row: typeof festivalUpdatesTable.$inferSelect): FestivalUpdate => ({
  id: row.id,
  festival_id: row.festivalId,
  title: row.title,
  body: row.body,
  image_url: row.imageUrl,
  created_at: row.createdAt.toISOString(),
});

/** A short plain line of a Markdown text, for the bell, a push and an email's first paragraph. */
const plainLine = (markdown: string, max = 200) => {
  const text = markdown
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[#*_`>~]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
};

/** POST /api/organizer/festivals/{id}/updates (the caller's right to post was checked by the route). */
export async function postUpdate(
  database: Database,
  author: Pick<AuthUser, 'id'>,
  festivalId: number,
  input: FestivalUpdateInput,
): Promise<FestivalUpdate> {
  return database.transaction(async (tx) => {
    const [festival] = await tx
      .select({ id: festivalsTable.id, name: festivalsTable.name, status: festivalsTable.status })
      .from(festivalsTable)
      .where(eq(festivalsTable.id, festivalId));
    if (!festival) throw notFound(FESTIVAL_NOT_FOUND, 'festival_not_found');
    const [row] = await tx
      .insert(festivalUpdatesTable)
      .values({ festivalId, authorId: author.id, title: input.title, body: input.body, imageUrl: input.image_url })
      .returning();
    // A festival not yet public has no followers to tell.
    if (festival.status === 'approved') {
      const path = `${festivalPath(festival.id, festival.name)}#novedades`;
      const line = plainLine(input.body);
      await fanOut(
        tx,
        {
          eventKey: `festival-update:${row.id}`,
          type: 'festival_update',
          message: `${festival.name}: ${input.title}`,
          url: path,
          payload: {
            subject: `${festival.name}: ${input.title}`,
            heading: input.title,
            paragraphs: [line],
            action: { label: 'Leer la novedad', url: siteUrl(path) },
            reason: `Recibes este aviso porque ${festival.name} está entre tus favoritos en Festivales.`,
          },
        },
        favouritersOf(festivalId),
      );
    }
    return toUpdate(row);
  });
}

/** GET /api/festivals/{id}/updates: the shown updates of a festival, newest first (one query, its index). */
export async function festivalUpdates(database: Database, festivalId: number): Promise<FestivalUpdate[]> {
  const rows = await database
    .select()
    .from(festivalUpdatesTable)
    .where(and(eq(festivalUpdatesTable.festivalId, festivalId), isNull(festivalUpdatesTable.hiddenAt)))
    .orderBy(desc(festivalUpdatesTable.createdAt), desc(festivalUpdatesTable.id))
    .limit(UPDATES_LIMIT);
  return rows.map(toUpdate);
}

/** DELETE /api/admin/updates/{id}: hidden from the page and the feed (kept for the record); 404 when there is none. */
export async function hideUpdate(database: Database, admin: Pick<AuthUser, 'id'>, id: number): Promise<void> {
  await database.transaction(async (tx) => {
    const [row] = await tx
      .update(festivalUpdatesTable)
      .set({ hiddenAt: new Date(), hiddenBy: admin.id })
      .where(and(eq(festivalUpdatesTable.id, id), isNull(festivalUpdatesTable.hiddenAt)))
      .returning({ id: festivalUpdatesTable.id, festivalId: festivalUpdatesTable.festivalId });
    if (!row) throw notFound('Novedad no encontrada', 'update_not_found');
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'hide',
      entity: 'festival_update',
      entityId: id,
      details: { festival_id: row.festivalId },
    });
  });
}
