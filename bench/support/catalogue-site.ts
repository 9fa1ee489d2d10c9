/**
 * The site on the generated catalogue that the screens' figures are taken on: 10,000 festivals,
 * 500,000 comments and 2,000,000 votes (BENCH_FESTIVALS, BENCH_COMMENTS, BENCH_VOTES) in a database
 * of its own on the machine's PostgreSQL (PG_URL), served by `npm start` (the production build) on a
 * free port (so BASE_URL must not be set: withWebServer would use it instead). The database is
 * dropped when the run ends.
 */
import { openDatabase } from '#db/client';
import { generateCatalogue } from '#db/seed/generate-catalogue';
import { createScratchDatabase } from './scratch-database';
import { withWebServer } from './web-server';

const size = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

export async function withCatalogueSite<T>(run: (baseUrl: string) => Promise<T>): Promise<T> {
  const database = await createScratchDatabase('site');
  try {
    // Generated before the server starts: it then finds festivals and does not seed the real ones.
    const handle = await openDatabase({ url: database.url, poolSize: 2, statementTimeoutMs: 0 });
    try {
      await handle.migrate();
      const made = await generateCatalogue(handle.db, {
        festivals: size('BENCH_FESTIVALS', 10_000),
        comments: size('BENCH_COMMENTS', 500_000),
        votes: size('BENCH_VOTES', 2_000_000),
      });
      console.log(
        `Site for the screens' figures: ${made.festivals} festivals, ${made.comments} comments, ${made.votes} votes ` +
          `generated on PostgreSQL in ${made.seconds.toFixed(0)} s`,
      );
    } finally {
      await handle.close();
    }
    return await withWebServer(run, { env: { DATABASE_URL: database.url } });
  } finally {
    await database.drop().catch((error: unknown) => console.error(`Could not drop ${database.name}:`, error));
  }
}
