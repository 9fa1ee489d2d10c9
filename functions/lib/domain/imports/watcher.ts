import { asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { ImportDraft } from '#core/import-schemas';
import type { Database } from '#db/client';
import { detectedChangesTable, watchedSourcesTable } from '#db/schema';
import { log } from '../../log';
import { safeFetch } from '../../safe-fetch/safe-fetch';
import { artistsByNames } from '../artists/read-artists';
import { festivalEditions } from '../editions/read-editions';
import { findFestival } from '../festivals/festival-rows';
import { importDiff, IMPORT_ACCEPTED, IMPORT_MAX_BYTES, readBody } from './preview';

/*
 * The watcher: each watched source is read again at most once a week, politely (one request per
 * host at a time, conditional requests with ETag and Last-Modified, robots.txt respected), and when
 * the dates, status, lineup or tickets it publishes differ from what is stored, a 'Cambios
 * detectados' item opens for the festival's organisers and admins. It never changes a festival.
 */

export const WATCH_EVERY_MS = 7 * 24 * 3600 * 1000;
/** How often the local server looks for sources due (a pass that finds none is one indexed read). */
export const WATCH_PASS_INTERVAL_MS = 60_000;
/** What a detected change compares: the facts that move during a season. */
const WATCHED_FIELDS = new Set(['dates', 'lineup', 'tickets']);
/** Hosts read at once (each one request at a time). */
const HOSTS_AT_ONCE = 8;
/** Sources taken in one pass at most (the rest wait for the next). */
const PASS_LIMIT = 2000;

/** Whether robots.txt lets our agent read `path`: the longest matching Allow or Disallow wins (RFC 9309). */
export function robotsAllow(robots: string, path: string): boolean {
  const groups: { agents: string[]; rules: { allow: boolean; prefix: string }[] }[] = [];
  let current: (typeof groups)[number] | null = null;
  let inAgents = false;
  for (const raw of robots.split(/\r?\n/)) {
    const line = raw.replace(/#.*$/, '').trim();
    const match = /^([a-z-]+)\s*:\s*(.*)$/i.exec(line);
    if (!match) continue;
    const [, key, value] = match;
    const field = key.toLowerCase();
    if (field === 'user-agent') {
      if (!current || !inAgents) groups.push((current = { agents: [], rules: [] }));
      current.agents.push(value.toLowerCase());
      inAgents = true;
    } else if ((field === 'allow' || field === 'disallow') && current) {
      inAgents = false;
      if (value) current.rules.push({ allow: field === 'allow', prefix: value });
    }
  }
  const ours = groups.filter((g) => g.agents.some((a) => a !== '*' && 'festivalesbot'.startsWith(a)));
  const rules = (ours.length ? ours : groups.filter((g) => g.agents.includes('*'))).flatMap((g) => g.rules);
  const matching = rules
    .filter((r) => path.startsWith(r.prefix.replace(/\*.*$/, '').replace(/\$$/, '')))
    .sort((a, b) => b.prefix.length - a.prefix.length || Number(b.allow) - Number(a.allow));
  return matching[0]?.allow ?? true;
}

type Source = typeof watchedSourcesTable.$inferSelect;

export interface WatchReport {
  checked: number;
  unchanged: number;
  changes: number;
  failed: number;
  skipped: number;
}

async function robotsFor(origin: string): Promise<string> {
  try {
    const answer = await safeFetch(`${origin}/robots.txt`, { maxBytes: 256 * 1024, timeoutMs: 5000 });
    return answer.status === 200 ? answer.text() : '';
  } catch {
    // No robots.txt (or none readable): nothing is forbidden.
    return '';
  }
}

async function readSource(database: Database, source: Source, robots: string, report: WatchReport) {
  const now = new Date();
  const url = new URL(source.url);
  if (!robotsAllow(robots, url.pathname + url.search)) {
    await database
      .update(watchedSourcesTable)
      .set({ lastCheckedAt: now, lastError: 'robots.txt no permite leer esta página.' })
      .where(eq(watchedSourcesTable.id, source.id));
    report.skipped += 1;
    return;
  }
  try {
    const headers: Record<string, string> = {};
    if (source.etag) headers['If-None-Match'] = source.etag;
    if (source.lastModified) headers['If-Modified-Since'] = source.lastModified;
    const page = await safeFetch(source.url, { maxBytes: IMPORT_MAX_BYTES, accept: IMPORT_ACCEPTED, headers });
    report.checked += 1;
    const seen = { lastCheckedAt: now, failures: 0, lastError: null };
    if (page.status === 304) {
      report.unchanged += 1;
      await database.update(watchedSourcesTable).set(seen).where(eq(watchedSourcesTable.id, source.id));
      return;
    }
    const read = await readBody(page.text(), page.contentType, page.url);
    const [festival, editions, matches] = await Promise.all([
      findFestival(database, source.festivalId),
      festivalEditions(database, source.festivalId),
      read.lineup.length
        ? artistsByNames(
            database,
            read.lineup.map((s) => s.name),
          )
        : Promise.resolve([]),
    ]);
    const draft: ImportDraft = {
      festival: read.festival,
      edition: read.edition,
      lineup: read.lineup.map((set, i) => {
        const artist = matches[i]?.artist ?? null;
        return { ...set, artist_id: artist?.id ?? null, new: artist === null };
      }),
      tickets: read.tickets,
    };
    const diff = festival ? importDiff(draft, festival, editions).filter((d) => WATCHED_FIELDS.has(d.field)) : [];
    const validators = {
      etag: typeof page.headers.etag === 'string' ? page.headers.etag : null,
      lastModified: typeof page.headers['last-modified'] === 'string' ? page.headers['last-modified'] : null,
    };
    await database.transaction(async (tx) => {
      await tx
        .update(watchedSourcesTable)
        .set({ ...seen, ...validators })
        .where(eq(watchedSourcesTable.id, source.id));
      if (diff.length === 0) return;
      // One open item per source: a later reading replaces what it says.
      await tx
        .insert(detectedChangesTable)
        .values({ festivalId: source.festivalId, sourceId: source.id, diff, draft })
        .onConflictDoUpdate({
          target: detectedChangesTable.sourceId,
          targetWhere: sql`${detectedChangesTable.status} = 'open'`,
          set: { diff, draft, updatedAt: now },
        });
    });
    if (diff.length) report.changes += 1;
    else report.unchanged += 1;
  } catch (error) {
    report.failed += 1;
    const message = error instanceof Error ? error.message.slice(0, 300) : 'Error al leer la página.';
    await database
      .update(watchedSourcesTable)
      .set({ lastCheckedAt: now, failures: sql`${watchedSourcesTable.failures} + 1`, lastError: message })
      .where(eq(watchedSourcesTable.id, source.id));
  }
}

/**
 * One pass over the sources due (never read, or read a week ago or more): hosts side by side, each
 * host's sources one after another, robots.txt read once per host. A source is read once per pass.
 * `deadline` (a time in ms) stops taking new sources; the ones left are due on the next pass.
 */
export async function watchSources(
  database: Database,
  options: { now?: Date; deadline?: number } = {},
): Promise<WatchReport> {
  const now = options.now ?? new Date();
  const report: WatchReport = { checked: 0, unchanged: 0, changes: 0, failed: 0, skipped: 0 };
  const due = await database
    .select()
    .from(watchedSourcesTable)
    .where(
      or(
        isNull(watchedSourcesTable.lastCheckedAt),
        lt(watchedSourcesTable.lastCheckedAt, new Date(now.getTime() - WATCH_EVERY_MS)),
      ),
    )
    .orderBy(sql`${watchedSourcesTable.lastCheckedAt} asc nulls first`, asc(watchedSourcesTable.id))
    .limit(PASS_LIMIT);
  const byHost = new Map<string, Source[]>();
  for (const source of due) {
    let origin: string;
    try {
      origin = new URL(source.url).origin;
    } catch {
      continue;
    }
    byHost.set(origin, [...(byHost.get(origin) ?? []), source]);
  }
  const hosts = [...byHost.entries()];
  const worker = async () => {
    for (let next = hosts.shift(); next; next = hosts.shift()) {
      const [origin, sources] = next;
      if (options.deadline && Date.now() > options.deadline) return;
      const robots = await robotsFor(origin);
      for (const source of sources) {
        if (options.deadline && Date.now() > options.deadline) return;
        await readSource(database, source, robots, report);
      }
    }
  };
  await Promise.all(Array.from({ length: HOSTS_AT_ONCE }, worker));
  if (report.checked || report.failed) log().info({ ...report }, 'watched sources read');
  return report;
}
