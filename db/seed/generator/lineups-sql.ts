/**
 * Statements that give the generated festivals editions, artists and lineups, sized like the
 * real-scale target (10,000 festivals: 30,000 artists, 300,000 lineup entries): each festival gets
 * its current edition (made by the festivals trigger) and two past ones with ten artists each, and
 * the first generated festival ten editions of 150 artists (the festival page benchmark's case).
 * Indicative prices on the current editions. Artist names combine the generator's first names and
 * surnames, numbered once the combinations run out.
 */
import type { GenerationPlan } from './plan';

export const ARTISTS_PER_FESTIVAL = 3;
export const PAST_EDITIONS = 2;
export const ARTISTS_PER_EDITION = 10;
export const FLAGSHIP_EDITIONS = 10;
export const FLAGSHIP_LINEUP = 150;

/** Tables this step writes whose triggers it replays once at its end. */
const KEPT_BY_TRIGGERS = ['festival_editions', 'lineup_entries', 'edition_tickets'];

/** SQL of the slug rule (core/slug.ts) for generated names, which hold only Latin letters, spaces and digits. */
const slugSql = (column: string) =>
  `trim(both '-' from regexp_replace(lower(regexp_replace(normalize(${column}, NFD), '[\\u0300-\\u036f]', '', 'g')), '[^a-z0-9]+', '-', 'g'))`;

export function lineupStatements(plan: GenerationPlan, artistBase: number): string[] {
  const artists = plan.festivals * ARTISTS_PER_FESTIVAL;
  const flagship = plan.festivalBase + 1;
  const generated = `f.id > ${plan.festivalBase}`;
  return [
    `insert into artists (name, slug)
     select x.name, ${slugSql('x.name')} from (
       select w.first_names[1 + i % cardinality(w.first_names)] || ' ' ||
              w.surnames[1 + (i / cardinality(w.first_names)) % cardinality(w.surnames)] ||
              case when i >= cardinality(w.first_names) * cardinality(w.surnames)
                then ' ' || (i / (cardinality(w.first_names) * cardinality(w.surnames)) + 1)::text else '' end as name
       from generate_series(0, ${artists - 1}) as i, gen_words w) x
     on conflict (name_key) do nothing`,
    // Past editions are earlier than the current one, so they never become current: the trigger
    // that would recompute each festival's current edition row by row is skipped for this insert.
    // The triggers that keep versions, the festival answer's fields and the artists' visibility are
    // off until the end of this step, which then does once for all what each of them does per
    // statement: inside one transaction, each pass rewrote every generated festival's fields, and
    // the step took 146 s of the catalogue's 168 s at 10,000 festivals.
    ...KEPT_BY_TRIGGERS.map((table) => `alter table ${table} disable trigger user`),
    `insert into festival_editions (festival_id, year, start_date, end_date, status)
     select f.id, extract(year from (f.start_date - make_interval(years => k)))::int,
       (f.start_date - make_interval(years => k))::date, (f.end_date - make_interval(years => k))::date, 'confirmed'
     from festivals f, generate_series(1, ${FLAGSHIP_EDITIONS - 1}) as k
     where ${generated} and f.start_date is not null and (k <= ${PAST_EDITIONS} or f.id = ${flagship})`,
    // Names that met an existing key were skipped, leaving gaps in the ids: lineups pick by rank.
    `create temp table gen_artist on commit drop as
     select (row_number() over (order by id) - 1)::bigint as i, id from artists where id > ${artistBase}`,
    'alter table gen_artist add primary key (i)',
    `insert into lineup_entries (edition_id, artist_id, position, billing)
     select e.id, ga.id, j,
       case when j < (case when e.festival_id = ${flagship} then 12 else 2 end) then 'headliner' else 'regular' end
     from festival_editions e
     join festivals f on f.id = e.festival_id and ${generated}
     cross join (select count(*)::bigint as n from gen_artist) a
     cross join lateral generate_series(0, case when e.festival_id = ${flagship} then ${FLAGSHIP_LINEUP - 1} else ${ARTISTS_PER_EDITION - 1} end) as j
     join gen_artist ga on ga.i = (e.id::bigint * 7919 + j::bigint * 104729) % a.n`,
    `insert into edition_tickets (edition_id, price_from, price_to, ticket_url)
     select f.current_edition_id, 25 + (f.id * 37) % 200, 25 + (f.id * 37) % 200 + 60, f.website
     from festivals f where ${generated} and f.current_edition_id is not null`,
    ...KEPT_BY_TRIGGERS.map((table) => `alter table ${table} enable trigger user`),
    // Planned on the tables' sizes before this step, the festival fields read each lineup by a full scan.
    `analyze artists, ${KEPT_BY_TRIGGERS.join(', ')}`,
    'select refresh_artists_public(array(select id from gen_artist))',
    'select bump_artist_versions(array(select id from gen_artist))',
    `select bump_festival_edition_versions(array(select f.id from festivals f where ${generated}))`,
    `select bump_feed_versions(array(select f.id from festivals f where ${generated}), '{}')`,
  ];
}
