/**
 * Statements that generate the people and what they write: users, comments with ratings, gallery
 * photos and votes on them, then the rating counters. Each is one INSERT ... SELECT over
 * generate_series and the per-festival plan (gen_festival), so the database does the work.
 */
import { n, reference } from './festivals-sql';
import type { GenerationPlan } from './plan';
import { int, literal, pick } from './sql-text';
import * as texts from './texts';

/**
 * The i-th commenter (or voter) of a festival (or photo): `start + i` stepped through all users by
 * a stride coprime with their number, so the first `users` of them are all different people.
 */
const person = (plan: GenerationPlan, start: string, i: string) =>
  `${int(plan.userBase)} + 1 + ((${start} + ${i})::int8 * ${int(plan.userStride)} % ${int(plan.users)})::int`;

/** J-shaped ratings, as review sites see them: mostly 5 and 4, few 2, a bump at 1. Shifted by quality. */
const rating = (u: string, quality: string) =>
  `case when ${u} + ${quality} < 0.07 then 1 when ${u} + ${quality} < 0.13 then 2 when ${u} + ${quality} < 0.25 then 3
    when ${u} + ${quality} < 0.5 then 4 else 5 end`;

export function insertUsers(plan: GenerationPlan): string {
  const { u } = plan;
  const created = `${reference(plan)} - interval '1 minute' * floor((1 + ${u(60, 'g')} * 1000) * 1440)`;
  return `insert into users (id, email, name, created_at, updated_at)
select ${int(plan.userBase)} + g, 'persona' || (${int(plan.userBase)} + g) || '@generado.festivales.test',
  ${pick('w.first_names', n(texts.firstNames), u(61, 'g'))} || ' ' || ${pick('w.surnames', n(texts.surnames), u(62, 'g'))},
  ${created}, ${created}
from generate_series(1, ${int(plan.users)}) g cross join gen_words w`;
}

/**
 * When a comment or photo was posted: around the festival for past editions (a few days before
 * to two months after), in the last months for future ones; never after the reference day.
 */
function postedAt(plan: GenerationPlan, start: string, u1: string, u2: string, before: number, after: number): string {
  const ref = reference(plan);
  return `case when ${start} < ${literal(plan.today)}::date
    then least(${start}::timestamp at time zone 'UTC' + interval '1 day' * (${u1} * ${after + before} - ${before}) + interval '1 second' * floor(${u2} * 86400),
      ${ref} - interval '1 second' * floor(60 + ${u2} * 86400))
    else ${ref} - interval '1 day' * (${u1} * 120) - interval '1 second' * floor(60 + ${u2} * 86400) end`;
}

export function insertComments(plan: GenerationPlan): string {
  const { u } = plan;
  const key = 'i.gi';
  const byTone = (lists: Record<'good' | 'middling' | 'bad', readonly string[]>, name: string, salt: number) =>
    `case when r.rating >= 4 then ${pick(`w.good_${name}`, lists.good.length, u(salt, key))}
      when r.rating = 3 then ${pick(`w.middling_${name}`, lists.middling.length, u(salt, key))}
      else ${pick(`w.bad_${name}`, lists.bad.length, u(salt, key))} end`;
  // One comment in twenty is its author's second on that festival: the newest approved one is their rating.
  const author = person(plan, 'f.ustart', `case when k > 0 and ${u(70, key)} < 0.05 then k - 1 else k end`);
  return `insert into comments (id, festival_id, user_id, content, rating, status, reviewed_at, created_at)
select ${int(plan.commentBase)} + i.gi, f.id, ${author},
  concat_ws(' ', ${byTone(texts.commentOpenings, 'openings', 71)},
    case when ${u(72, key)} < 0.6 then ${pick('w.details', n(texts.commentDetails), u(73, key))} end,
    ${byTone(texts.commentClosings, 'closings', 74)}),
  r.rating, r.status,
  case when r.status = 'approved' then least(r.created_at + interval '1 minute' * floor(30 + ${u(75, key)} * 2880), ${reference(plan)}) end,
  r.created_at
from gen_festival f
cross join lateral generate_series(0, f.n_comments - 1) k
cross join lateral (select f.c_offset + k + 1 as gi offset 0) i
cross join lateral (
  select ${rating(u(76, key), 'f.quality')} as rating,
    -- Most comments are moderated already; about one in ten waits in the admins' queue.
    case when ${u(77, key)} < 0.1 then 'pending' else 'approved' end as status,
    ${postedAt(plan, 'f.start_date', u(78, key), u(79, key), 5, 60)} as created_at
  offset 0
) r
cross join gen_words w`;
}

/**
 * One row per photo with its choices and its number of votes: weight 1 / ((rank + 3) (j + 1))
 * times a random factor, j its position in the festival's gallery, so popular festivals' first
 * photos collect most votes. Only approved photos are voted (the public gallery shows no other).
 */
export function mediaPlanTable(plan: GenerationPlan): string {
  const { u } = plan;
  const key = 'b.gi';
  return `create temp table gen_media on commit drop as
with base as (
  select f.m_offset + j + 1 as gi, f.id as festival_id, f.popularity, f.start_date, j
  from gen_festival f cross join lateral generate_series(0, f.n_media - 1) j
), params as (
  select b.*, ${int(plan.mediaBase)} + b.gi as id,
    case when ${u(80, key)} < 0.9 then 'approved' when ${u(80, key)} < 0.97 then 'pending' else 'rejected' end as status,
    ${int(plan.userBase)} + 1 + floor(${u(81, key)} * ${int(plan.users)})::int as user_id,
    (${u(82, key)} - 0.5) * 0.3 as quality,
    floor(${u(83, key)} * ${int(plan.users)})::int as ustart,
    ${postedAt(plan, 'b.start_date', u(84, key), u(85, key), 0, 10)} as uploaded_at,
    (0.5 + ${u(86, key)})::numeric as factor
  from base b
), weighted as (
  select *, case when status = 'approved' then factor / ((popularity + 3) * (j + 1)) else 0 end as weight from params
), shares as (
  select *, coalesce(${int(plan.votes)}::numeric * weight / nullif(sum(weight) over (), 0), 0) as v_share from weighted
), counted as (
  select *, floor(v_share)::int
    + case
        when weight > 0
          and row_number() over (order by v_share - floor(v_share) desc, gi) <= ${int(plan.votes)} - sum(floor(v_share)) over ()
        then 1 else 0
      end
    as n_votes
  from shares
)
select gi, id, festival_id, status, user_id, quality, ustart, uploaded_at, n_votes,
  (sum(n_votes) over (order by gi) - n_votes)::int8 as v_offset
from counted`;
}

export function insertMedia(plan: GenerationPlan): string {
  const { u } = plan;
  const key = 'm.gi';
  return `insert into media (id, festival_id, user_id, type, url, caption, comment, status, reviewed_at, uploaded_at)
select m.id, m.festival_id, m.user_id, 'image',
  '/images/stock/festival-' || (1 + floor(${u(90, key)} * 7)::int) || '-lg.jpg',
  case when ${u(91, key)} < 0.6 then ${pick('w.captions', n(texts.mediaCaptions), u(92, key))} end,
  case when ${u(93, key)} < 0.2 then ${pick('w.media_comments', n(texts.mediaComments), u(94, key))} end,
  m.status,
  case when m.status <> 'pending' then least(m.uploaded_at + interval '3 hours', ${reference(plan)}) end,
  m.uploaded_at
from gen_media m cross join gen_words w`;
}

export function insertVotes(plan: GenerationPlan): string {
  const { u } = plan;
  const key = 'm.v_offset + k + 1';
  return `insert into media_votes (media_id, user_id, rating, created_at, updated_at)
select m.id, ${person(plan, 'm.ustart', 'k')}, ${rating(u(100, key), 'm.quality')},
  m.uploaded_at + (${reference(plan)} - m.uploaded_at) * ${u(101, key)},
  m.uploaded_at + (${reference(plan)} - m.uploaded_at) * ${u(101, key)}
from gen_media m cross join lateral generate_series(0, m.n_votes - 1) k`;
}

/**
 * The counters the comment triggers keep (migration comment-ratings-triggers), computed the way
 * that migration fills them for comments already stored: each author's newest approved comment
 * per festival is their rating, and festival_ratings sums those. The generator inserts comments
 * with the row trigger off (a plpgsql call per approved comment would be most of the run time).
 */
export function ratingCounters(plan: GenerationPlan): string[] {
  return [
    `insert into festival_user_ratings (festival_id, user_id, comment_id, rating)
select distinct on (c.festival_id, c.user_id) c.festival_id, c.user_id, c.id, c.rating
from comments c
where c.status = 'approved' and c.festival_id > ${int(plan.festivalBase)}
order by c.festival_id, c.user_id, c.created_at desc, c.id desc`,
    `insert into festival_ratings (festival_id, ratings_count, ratings_sum)
select r.festival_id, count(*)::int, sum(r.rating)::int
from festival_user_ratings r
where r.festival_id > ${int(plan.festivalBase)}
group by r.festival_id`,
  ];
}
