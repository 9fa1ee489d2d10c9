import { sql } from 'drizzle-orm';
import { todayIso } from '#core/dates';
import { toCard } from '#core/festival-card';
import { distanceKm } from '#core/geo';
import type { RecommendationsQuery } from '#core/recommendation-schemas';
import type { Recommendation } from '#core/responses/discover';
import type { Database } from '#db/client';
import { recommendationDismissalsTable } from '#db/schema';
import type { AuthUser } from '../../app-env';
import { notFound } from '../../errors';
import { FESTIVAL_NOT_FOUND } from '../festivals/festival-access';
import { catalogFestival } from '../festivals/festival-store';
import { sqlRows } from '../sql-rows';
import { isUpcoming } from './similar-festivals';

/*
 * 'Para ti': upcoming festivals a visitor has not favourited, ranked by what they told us. Read per
 * request (one statement over indexes, and the kept catalogue for the cards): the signals are the
 * visitor's own and the neighbours come from festival_similar, kept by the database.
 */

/** What each signal adds: a followed artist booked, a favourite's neighbour (its similarity), a dismissed one's. */
const FOLLOWED_ARTIST = 3;
const FOLLOWED_HEADLINER = 4;
const DISMISSED_LIKE = -0.6;
/** Being close adds up to this much, halving every NEAR_HALF_KM. */
const NEAR_BONUS = 2;
const NEAR_HALF_KM = 150;

interface SignalRow {
  kind: 'favorite' | 'dismissed' | 'artist';
  /** The favourite or dismissed festival, or the followed artist. */
  source: number;
  source_name: string | null;
  target: number;
  score: number;
  shared_artists: number;
  genres: string[];
  headliner: boolean;
}

/**
 * Every signal in one statement. The visitor's festivals (favourites, and for a signed-in visitor
 * also their dismissals) give their neighbours; followed artists give the festivals whose current
 * edition books them. 'Voy' (attendance) would be one more source in `liked`, as favourites are.
 */
async function readSignals(database: Database, liked: number[], dismissed: number[], userId: number | null) {
  const ints = (ids: number[]) =>
    sql`array[${sql.join(
      ids.map((id) => sql`${id}::integer`),
      sql`, `,
    )}]::integer[]`;
  const likedIds = userId
    ? sql`(select array_agg(festival_id) from favorites where user_id = ${userId})`
    : liked.length
      ? ints(liked)
      : sql`'{}'::integer[]`;
  const sent = dismissed.length ? ints(dismissed) : sql`'{}'::integer[]`;
  const dismissedIds = userId
    ? sql`(select coalesce(array_agg(festival_id), '{}') from recommendation_dismissals where user_id = ${userId}) || ${sent}`
    : sent;
  const followed = userId
    ? sql`select artist_id from artist_follows where user_id = ${userId}`
    : sql`select null::integer where false`;
  return sqlRows<SignalRow>(
    database,
    sql`with liked as (select unnest(coalesce(${likedIds}, '{}')) as id),
      dismissed as (select unnest(${dismissedIds}) as id)
    select case when s.festival_id in (select id from liked) then 'favorite' else 'dismissed' end as kind,
      s.festival_id as source, f.name as source_name, s.similar_id as target, s.score,
      cardinality(s.artist_ids) as shared_artists, s.genres, false as headliner
    from festival_similar s join festivals f on f.id = s.festival_id
    where s.festival_id in (select id from liked union select id from dismissed)
    union all
    select 'artist', a.id, a.name, f.id, 0, 0, '{}', le.billing = 'headliner'
    from lineup_entries le
    join festivals f on f.current_edition_id = le.edition_id and f.status = 'approved'
    join artists a on a.id = le.artist_id
    where le.artist_id in (${followed})
    union all
    select 'favorite', id, null, id, 0, 0, '{}', false from liked
    union all
    select 'dismissed', id, null, id, 0, 0, '{}', false from dismissed`,
  );
}

interface Candidate {
  score: number;
  reason: Recommendation['reason'];
  /** The contribution behind the reason: the largest so far. */
  strongest: number;
}

function consider(candidates: Map<number, Candidate>, target: number, add: number, reason: Recommendation['reason']) {
  const known = candidates.get(target);
  if (!known) {
    candidates.set(target, { score: add, reason, strongest: add });
    return;
  }
  known.score += add;
  if (add > known.strongest) Object.assign(known, { reason, strongest: add });
}

/** GET /api/recommendations: the visitor's picks, strongest first, each with its reason. */
export async function recommendations(
  database: Database,
  user: AuthUser | null,
  query: RecommendationsQuery,
  now = new Date(),
): Promise<Recommendation[]> {
  const rows = await readSignals(database, query.favorites ?? [], query.dismissed ?? [], user?.id ?? null);
  const excluded = new Set<number>();
  const candidates = new Map<number, Candidate>();
  const penalties = new Map<number, number>();
  for (const row of rows) {
    const target = Number(row.target);
    const score = Number(row.score);
    if (Number(row.source) === target && row.kind !== 'artist') excluded.add(target);
    else if (row.kind === 'dismissed') penalties.set(target, (penalties.get(target) ?? 0) + DISMISSED_LIKE * score);
    else if (row.kind === 'artist') {
      const add = row.headliner ? FOLLOWED_HEADLINER : FOLLOWED_ARTIST;
      consider(candidates, target, add, { kind: 'artist', text: `Porque sigues a ${row.source_name}` });
    } else {
      const reason: Recommendation['reason'] =
        Number(row.shared_artists) > 0 || row.genres.length === 0
          ? { kind: 'festival', text: `Porque te gusta ${row.source_name}` }
          : {
              kind: 'genre',
              text: `Mismo estilo que ${row.source_name}: ${row.genres.map((g) => g.toLowerCase()).join(', ')}`,
            };
      consider(candidates, target, score, reason);
    }
  }
  const today = todayIso(now);
  const near = query.lat !== undefined && query.lon !== undefined ? { lat: query.lat, lon: query.lon } : null;
  const picks: (Recommendation & { score: number })[] = [];
  for (const [id, candidate] of candidates) {
    if (excluded.has(id)) continue;
    const festival = await catalogFestival(database, id);
    if (!festival || !isUpcoming(festival, today)) continue;
    let { score, reason } = candidate;
    score += penalties.get(id) ?? 0;
    const km =
      near && festival.latitude !== null && festival.longitude !== null
        ? distanceKm(near, { lat: festival.latitude, lon: festival.longitude })
        : null;
    if (km !== null) {
      const bonus = NEAR_BONUS * 0.5 ** (km / NEAR_HALF_KM);
      score += bonus;
      if (bonus > candidate.strongest)
        reason = { kind: 'near', text: query.cerca ? `Cerca de ${query.cerca}` : `A ${Math.round(km)} km de ti` };
    }
    if (score <= 0) continue;
    picks.push({ festival: toCard(festival, km), reason, score });
  }
  picks.sort((a, b) => b.score - a.score || a.festival.id - b.festival.id);
  return picks.slice(0, query.limit).map(({ score: _score, ...pick }) => pick);
}

/** POST /api/recommendations/dismiss: 'No me interesa' on an approved festival (404 for any other). */
export async function dismissRecommendation(database: Database, user: AuthUser, festivalId: number) {
  if (!(await catalogFestival(database, festivalId))) throw notFound(FESTIVAL_NOT_FOUND, 'festival_not_found');
  await database.insert(recommendationDismissalsTable).values({ userId: user.id, festivalId }).onConflictDoNothing();
}
