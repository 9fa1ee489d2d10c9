/**
 * A realistic catalogue at any size, for benchmarks and browser tests at scale: approved festivals
 * with plausible names, real European places, one-paragraph descriptions, genres and dates over two
 * years; people who comment with ratings and vote on gallery photos, a few festivals collecting most
 * of it. Generated inside the database (decision 025), in one transaction, deterministic for a seed.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../client';
import { withoutIndexes } from './generator/bulk-load';
import {
  insertComments,
  insertMedia,
  insertUsers,
  insertVotes,
  mediaPlanTable,
  ratingCounters,
} from './generator/community-sql';
import {
  festivalPlanTable,
  insertFestivalGenres,
  insertFestivals,
  insertGenres,
  placesTable,
  wordsTable,
} from './generator/festivals-sql';
import { lineupStatements } from './generator/lineups-sql';
import {
  CatalogueOptionsError,
  makePlan,
  resolveCatalogueSizes,
  type CatalogueOptions,
  type CatalogueSizes,
} from './generator/plan';

export { CatalogueOptionsError, resolveCatalogueSizes, type CatalogueOptions, type CatalogueSizes };

export class CatalogueNotEmptyError extends Error {}

export interface GeneratedCatalogue extends CatalogueSizes {
  /** Wall time of the whole generation, ANALYZE included. */
  seconds: number;
  steps: { step: string; seconds: number }[];
}

type Executor = Pick<Database, 'execute'>;

async function rows<T>(database: Executor, text: string): Promise<T[]> {
  return ((await database.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
}

/**
 * Generates the catalogue into a database with no festival (users may exist: the generated ones
 * come after them). Throws CatalogueNotEmptyError otherwise, CatalogueOptionsError for bad sizes.
 */
export async function generateCatalogue(
  database: Database,
  options: CatalogueOptions = {},
  onStep?: (step: string, seconds: number) => void,
): Promise<GeneratedCatalogue> {
  const sizes = resolveCatalogueSizes(options);
  const started = performance.now();
  const steps: GeneratedCatalogue['steps'] = [];
  const timed = async (step: string, work: () => Promise<unknown>) => {
    const t0 = performance.now();
    await work();
    const seconds = (performance.now() - t0) / 1000;
    steps.push({ step, seconds });
    onStep?.(step, seconds);
  };

  await database.transaction(async (tx) => {
    const run = async (statements: string[]) => {
      for (const statement of statements) await tx.execute(sql.raw(statement));
    };
    // 'Festivales parecidos' are not worked out for a generated catalogue: at about 70 ms a festival
    // on PGlite, 10,000 of them would hold this commit for many minutes. Nothing is left marked
    // (below), so no later write pays for them either; a benchmark that needs them marks the
    // festivals and calls refresh_dirty_festival_similar() (bench/recommendations.ts).
    await run(["set local festivales.similar_refresh = 'later'"]);
    const [{ festivals }] = await rows<{ festivals: number }>(tx, 'select count(*)::int as festivals from festivals');
    if (Number(festivals) > 0) {
      throw new CatalogueNotEmptyError(
        `La base de datos ya tiene ${festivals} festivales: el catálogo generado necesita una base de datos sin festivales.`,
      );
    }
    // Generated rows take ids after any existing ones, so ids and their sequences stay consistent.
    const [bases] = await rows<Record<'f' | 'u' | 'c' | 'm', number>>(
      tx,
      `select (select coalesce(max(id), 0) from festivals)::int as f, (select coalesce(max(id), 0) from users)::int as u,
        (select coalesce(max(id), 0) from comments)::int as c, (select coalesce(max(id), 0) from media)::int as m`,
    );
    const plan = makePlan(sizes, {
      festivalBase: Number(bases.f),
      userBase: Number(bases.u),
      commentBase: Number(bases.c),
      mediaBase: Number(bases.m),
    });

    await timed('tablas de palabras y lugares', () => run([wordsTable(), ...placesTable()]));
    await timed('usuarios', () => run([insertUsers(plan)]));
    await timed('festivales y géneros', async () => {
      await run([festivalPlanTable(plan), insertFestivals(plan), insertGenres(), insertFestivalGenres()]);
      const [planned] = await rows<{ c: string; m: string }>(
        tx,
        'select sum(n_comments)::text as c, sum(n_media)::text as m from gen_festival',
      );
      if (Number(planned.c) !== plan.comments || Number(planned.m) !== plan.media) {
        throw new Error(`Reparto inesperado: ${planned.c} comentarios y ${planned.m} fotos planificados.`);
      }
    });
    await timed('ediciones, artistas y carteles', async () => {
      const [{ artists }] = await rows<{ artists: number }>(
        tx,
        'select coalesce(max(id), 0)::int as artists from artists',
      );
      await run(lineupStatements(plan, Number(artists)));
    });
    await timed('comentarios', async () => {
      // The per-row rating trigger is off only inside this transaction (ALTER TABLE holds the table
      // lock until commit, so no other session writes a comment meanwhile); the rating counters
      // below are then computed as that trigger would have left them.
      await run(['alter table comments disable trigger comments_rating_insert']);
      await withoutIndexes(tx, 'comments', () => run([insertComments(plan)]));
      await run(['alter table comments enable trigger comments_rating_insert']);
    });
    await timed('fotos', async () => {
      await run([mediaPlanTable(plan), insertMedia(plan)]);
      const [votes] = await rows<{ total: string; most: number }>(
        tx,
        'select coalesce(sum(n_votes), 0)::text as total, coalesce(max(n_votes), 0)::int as most from gen_media',
      );
      if (Number(votes.total) !== plan.votes) {
        throw new CatalogueOptionsError(
          `No hay fotos aprobadas suficientes para ${plan.votes} votos: aumenta --media.`,
        );
      }
      if (Number(votes.most) > plan.users) {
        throw new CatalogueOptionsError(
          `Una foto recibiría ${votes.most} votos y solo hay ${plan.users} usuarios (un voto por persona): aumenta --users o --media.`,
        );
      }
    });
    await timed('votos', () => withoutIndexes(tx, 'media_votes', () => run([insertVotes(plan)])));
    await timed('contadores de valoraciones', async () => {
      const [perUser, perFestival] = ratingCounters(plan);
      await withoutIndexes(tx, 'festival_user_ratings', () => run([perUser]));
      await run([
        perFestival,
        ...['users', 'festivals', 'comments', 'media'].map(
          (table) => `select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`,
        ),
      ]);
    });
    await run(['delete from festival_similar_dirty']);
  });
  // Fresh statistics, or the first queries plan for empty tables.
  await timed('analyze', () =>
    database.execute(
      sql.raw(
        `analyze users, festivals, festival_genres, genres, comments, festival_user_ratings, festival_ratings,
           media, media_votes, artists, festival_editions, lineup_entries, edition_tickets`,
      ),
    ),
  );
  return { ...sizes, seconds: (performance.now() - started) / 1000, steps };
}
