import { eq } from 'drizzle-orm';
import { festivalPath } from '#core/share';
import type { Database } from '#db/client';
import { festivalsTable } from '#db/schema';
import { notFound } from '../errors';
import { escapeHtml } from '../mail/layout';
import { siteUrl } from '../mail/site-url';
import { festivalUpdates } from '../domain/organizers/festival-updates';

/**
 * RSS 2.0 of a festival's 'Novedades', newest first, as the catalogue's feed is written (the same
 * escaping); the text stays Markdown, as on the page. Approved festivals only.
 */
export async function updatesRss(database: Database, festivalId: number, feedUrl: string): Promise<string> {
  const [festival] = await database
    .select({ id: festivalsTable.id, name: festivalsTable.name, status: festivalsTable.status })
    .from(festivalsTable)
    .where(eq(festivalsTable.id, festivalId));
  if (!festival || festival.status !== 'approved') throw notFound('Festival no encontrado', 'festival_not_found');
  const page = siteUrl(`${festivalPath(festival.id, festival.name)}#novedades`);
  const items = (await festivalUpdates(database, festivalId))
    .map(
      (u) =>
        `<item><title>${escapeHtml(u.title)}</title><link>${escapeHtml(page)}</link>` +
        `<guid isPermaLink="false">novedad-${u.id}</guid><pubDate>${new Date(u.created_at).toUTCString()}</pubDate>` +
        `<description>${escapeHtml(u.body)}</description></item>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel><title>${escapeHtml(`Novedades de ${festival.name}`)}</title>
<link>${escapeHtml(page)}</link><description>${escapeHtml(`Lo que cuenta la organización de ${festival.name}`)}</description>
<language>es</language><atom:link href="${escapeHtml(feedUrl)}" rel="self" type="application/rss+xml"/>
${items}
</channel></rss>`;
}
