import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { formatDateRange } from '#core/dates';
import { festivalPath } from '#core/share';
import type { Database } from '#db/client';
import { festivalsTable, type OutboxPayload } from '#db/schema';
import { renderHtml, renderText, type MailItem } from '../../mail/layout';
import { siteUrl } from '../../mail/site-url';
import { monthNames } from '#core/dates';

const LIST_LIMIT = 12;

export interface Digest {
  /** One digest per month: sending twice in a month queues nothing new. */
  eventKey: string;
  payload: Omit<OutboxPayload, 'unsubscribeUrl'>;
  newFestivals: number;
  nextMonth: number;
}

const monthStart = (year: number, month: number) => new Date(Date.UTC(year, month, 1));
const iso = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The monthly digest, built from the catalogue: festivals approved in the last 30 days and those
 * that start next month. Two indexed queries whatever the catalogue's size.
 */
export async function buildDigest(database: Database, now = new Date()): Promise<Digest> {
  const nextStart = monthStart(now.getUTCFullYear(), now.getUTCMonth() + 1);
  const nextEnd = monthStart(now.getUTCFullYear(), now.getUTCMonth() + 2);
  const columns = {
    id: festivalsTable.id,
    name: festivalsTable.name,
    location: festivalsTable.location,
    startDate: festivalsTable.startDate,
    endDate: festivalsTable.endDate,
  };
  const approved = eq(festivalsTable.status, 'approved');
  const [recent, upcoming] = await Promise.all([
    database
      .select(columns)
      .from(festivalsTable)
      .where(and(approved, gte(festivalsTable.createdAt, new Date(now.getTime() - 30 * 86_400_000))))
      .orderBy(desc(festivalsTable.createdAt))
      .limit(LIST_LIMIT),
    database
      .select(columns)
      .from(festivalsTable)
      .where(and(approved, gte(festivalsTable.startDate, iso(nextStart)), lt(festivalsTable.startDate, iso(nextEnd))))
      .orderBy(asc(festivalsTable.startDate), asc(festivalsTable.id))
      .limit(LIST_LIMIT),
  ]);
  const item = (f: (typeof recent)[number]): MailItem => ({
    title: f.name,
    url: siteUrl(festivalPath(f.id, f.name)),
    detail: [formatDateRange(f.startDate, f.endDate), f.location].filter(Boolean).join(' · '),
  });
  const month = monthNames[nextStart.getUTCMonth()];
  const paragraphs = [
    recent.length
      ? `Festivales nuevos en el catálogo este mes: ${recent.map((f) => f.name).join(', ')}.`
      : 'Este mes no se han añadido festivales nuevos al catálogo.',
    upcoming.length ? `Lo que empieza en ${month}:` : `No tenemos festivales que empiecen en ${month} todavía.`,
  ];
  return {
    eventKey: `newsletter-digest:${iso(now).slice(0, 7)}`,
    newFestivals: recent.length,
    nextMonth: upcoming.length,
    payload: {
      subject: `Festivales: lo nuevo y lo que llega en ${month}`,
      heading: `Lo que llega en ${month}`,
      paragraphs,
      items: [...upcoming.map(item), ...recent.filter((r) => !upcoming.some((u) => u.id === r.id)).map(item)],
      action: { label: 'Ver todos los festivales', url: siteUrl('/') },
      reason: 'Recibes este correo porque confirmaste tu suscripción a la newsletter de Festivales.',
    },
  };
}

/** The digest as a subscriber would see it, for the admin panel's preview. */
export async function previewDigest(database: Database, now = new Date()) {
  const digest = await buildDigest(database, now);
  const unsubscribe = siteUrl('/api/newsletter/unsubscribe?token=…');
  return {
    subject: digest.payload.subject,
    html: renderHtml(digest.payload, unsubscribe),
    text: renderText(digest.payload, unsubscribe),
    newFestivals: digest.newFestivals,
    nextMonth: digest.nextMonth,
  };
}

/**
 * Queues this month's digest for every confirmed subscriber in one statement, each with its own
 * unsubscribe link. Returns how many rows are new (0 when this month's digest was already sent).
 */
export async function queueDigest(database: Database, now = new Date()): Promise<number> {
  const digest = await buildDigest(database, now);
  const result = (await database.execute(sql`
    insert into outbox (event_key, channel, recipient, email, kind, payload)
    select ${digest.eventKey}, 'email', 'e:' || lower(s.email), s.email, 'newsletter-digest',
           ${JSON.stringify(digest.payload)}::jsonb || jsonb_build_object('unsubscribeUrl', ${siteUrl('/api/newsletter/unsubscribe?token=')} || s.token::text)
    from newsletter_subscriptions s
    where s.confirmed_at is not null
    on conflict do nothing
    returning id`)) as unknown as { rows: { id: number }[] };
  return result.rows.length;
}
