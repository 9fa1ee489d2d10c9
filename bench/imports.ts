/**
 * Imports on the machine's PostgreSQL:
 * - the preview of a 1.5 MB official page with 5 JSON-LD blocks and 300 performers (one sub-event
 *   each), served on loopback, among 1,000 known artists: server time of `previewImport` (fetch,
 *   reading, artist matching), and the reading alone. Target: <= 500 ms.
 * - the bulk import of 5,000 rows, 10% of them near-duplicates of 1,000 stored festivals (a name
 *   written differently, the same city, overlapping dates): every planted duplicate reported, no
 *   distinct row taken for one, the rest created through the admin's write. Target: <= 30 s.
 *
 *   npm run bench -- imports     (PG_URL: the PostgreSQL server, default the machine's)
 */
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { openDatabase } from '#db/client';
import { resetEnv } from '../functions/lib/env';
import { bulkImport } from '../functions/lib/domain/imports/bulk-import';
import { previewImport, readBody } from '../functions/lib/domain/imports/preview';
import { festivalWithSubEvents, html, jsonLd, startImportSite } from '../tests/support/import-site';
import { createScratchDatabase } from './support/scratch-database';
import { percentile } from './support/measure';

const RUNS = 10;
const STORED = 1000;
const ROWS = 5000;
const DUPLICATES = ROWS / 10;

const syllables = ['ka', 'lo', 'mi', 'ru', 'te', 'sa', 'no', 'vi', 'dra', 'pel', 'gor', 'lin', 'tu', 'xe', 'bu', 'zan'];
/** A made-up word from a number: distinct numbers give names that share few trigrams. */
const word = (n: number) => {
  let out = '';
  for (let i = 0; i < 3; i++) {
    out += syllables[(n + i * 7) % syllables.length];
    n = Math.floor(n / syllables.length) + i * 13;
  }
  return out.charAt(0).toUpperCase() + out.slice(1);
};
const cities = Array.from({ length: 60 }, (_, i) => ({
  name: `Ciudad ${word(i * 31 + 5)}`,
  lat: 36 + (i % 10) * 1.2,
  lon: -8 + Math.floor(i / 10) * 2.5,
}));
const date = (dayOfYear: number) => new Date(Date.UTC(2034, 0, 1 + dayOfYear)).toISOString().slice(0, 10);

const scratch = await createScratchDatabase('imports');
const handle = await openDatabase({ url: scratch.url, poolSize: 4 });
const database = handle.db;
const site = await startImportSite();
resetEnv({ IMPORT_ALLOW_HOSTS: `127.0.0.1:${site.port}` });

try {
  await handle.migrate();
  const [adminRow] = await database
    .execute<{ id: number }>(
      sql`insert into users (email, name, role) values ('admin@bench.test', 'Admin', 'admin') returning id`,
    )
    .then((r) => (r as unknown as { rows: { id: number }[] }).rows);
  const admin = {
    id: Number(adminRow.id),
    name: 'Admin',
    email: 'admin@bench.test',
    avatar_url: null,
    role: 'admin' as const,
  };

  // ---- The preview
  await database.execute(sql`insert into artists (name, slug)
    select 'Artista Conocido ' || g, 'artista-conocido-' || g from generate_series(1, 1000) g`);
  const performers = Array.from({ length: 300 }, (_, i) => (i % 2 ? `Artista Conocido ${i}` : `Artista Nuevo ${i}`));
  const blocks = [
    festivalWithSubEvents('Festival Grande', 2034, performers),
    { '@context': 'https://schema.org', '@type': 'Organization', name: 'Promotora', url: 'https://example.org/' },
    { '@context': 'https://schema.org', '@type': 'WebSite', name: 'Web oficial', url: 'https://example.org/' },
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [{ '@type': 'ListItem', position: 1, name: 'Inicio' }],
    },
    { '@context': 'https://schema.org', '@type': 'FAQPage', mainEntity: [] },
  ];
  const head = jsonLd(...blocks);
  const filler = '<div class="card"><p>Texto de la página del festival, con su programa y sus noticias.</p></div>\n';
  const body = filler.repeat(Math.ceil((1.5 * 1024 * 1024 - head.length) / filler.length));
  const page = html(head, body);
  site.pages.set('/grande', page);
  console.log(
    `page: ${(Buffer.byteLength(page.body as string) / 1024 / 1024).toFixed(2)} MB, 5 JSON-LD blocks, 300 performers`,
  );

  const readTimes: number[] = [];
  const previewTimes: number[] = [];
  let sets = 0;
  for (let i = 0; i < RUNS; i++) {
    let start = performance.now();
    await readBody(page.body as string, 'text/html', site.url('/grande'));
    readTimes.push(performance.now() - start);
    start = performance.now();
    const preview = await previewImport(database, admin, { url: site.url('/grande') });
    previewTimes.push(performance.now() - start);
    sets = preview.lineup.length;
  }
  readTimes.sort((a, b) => a - b);
  previewTimes.sort((a, b) => a - b);
  console.log(
    `reading alone:            p50 ${percentile(readTimes, 50).toFixed(0)} ms, p95 ${percentile(readTimes, 95).toFixed(0)} ms`,
  );
  console.log(
    `preview (fetch + read + match ${sets} sets): p50 ${percentile(previewTimes, 50).toFixed(0)} ms, ` +
      `p95 ${percentile(previewTimes, 95).toFixed(0)} ms (target <= 500 ms)`,
  );

  // ---- The bulk import
  const stored = Array.from({ length: STORED }, (_, i) => {
    const city = cities[i % cities.length];
    return { name: `${word(i * 3 + 1000)} ${word(i * 5 + 77)}`, city, start: (i * 7) % 300 };
  });
  // In batches: each statement's triggers (catalogue, editions, their fields) stay under the statement timeout.
  for (let from = 0; from < STORED; from += 100) {
    await database.execute(sql`insert into festivals (name, location, description, dedupe_key, status, start_date, end_date, latitude, longitude)
    select s->>'name', s->>'location', 'Festival guardado.', s->>'key', 'approved', (s->>'start')::date, (s->>'end')::date,
      (s->>'lat')::float8, (s->>'lon')::float8
    from json_array_elements(${JSON.stringify(
      stored.slice(from, from + 100).map((s) => ({
        name: s.name,
        location: `${s.city.name}, España`,
        key: `${s.name.toLowerCase()}|${s.city.name.toLowerCase()}, españa`,
        start: date(s.start),
        end: date(s.start + 2),
        lat: s.city.lat,
        lon: s.city.lon,
      })),
    )}::json) s`);
  }
  // As autovacuum would after a load: the planner then knows the table's size.
  await database.execute(sql`analyze festivals`);
  const rows: Record<string, unknown>[] = [];
  const planted = new Set<number>();
  for (let i = 0; i < ROWS; i++) {
    if (i % 10 === 0) {
      // A near-duplicate: the stored name in capitals with 'Festival' added, a day later, same city.
      const s = stored[(i / 10) % STORED];
      planted.add(i + 1);
      rows.push({
        name: `${s.name.toUpperCase()} Festival`,
        location: s.city.name,
        country: 'España',
        start_date: date(s.start + 1),
        end_date: date(s.start + 3),
        description: 'Duplicado plantado.',
      });
    } else {
      const city = cities[(i * 11) % cities.length];
      rows.push({
        name: `${word(i * 17 + 50_000)} ${word(i * 23 + 90_000)} ${i}`,
        location: city.name,
        country: 'España',
        start_date: date(i % 330),
        end_date: date((i % 330) + 1),
        genres: 'Techno',
        latitude: city.lat,
        longitude: city.lon,
        description: 'Festival distinto.',
      });
    }
  }
  const start = performance.now();
  const result = await bulkImport(database, admin, rows, { dryRun: false, status: 'approved' });
  const seconds = (performance.now() - start) / 1000;
  const reported = new Set(result.duplicates.map((d) => d.row));
  const missed = [...planted].filter((row) => !reported.has(row));
  const false_ = [...reported].filter((row) => !planted.has(row));
  console.log(
    `bulk import of ${ROWS} rows (${DUPLICATES} planted near-duplicates) on PostgreSQL: ${seconds.toFixed(1)} s (target <= 30 s); ` +
      `created ${result.created.length}, duplicates reported ${result.duplicates.length} ` +
      `(planted missed: ${missed.length}, false: ${false_.length}), errors ${result.errors.length}`,
  );
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
} finally {
  await site.close();
  await handle.close();
  await scratch.drop();
}
