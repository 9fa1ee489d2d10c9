/**
 * Statements that generate the festivals: the word and place tables they draw from, one row of
 * random choices per festival (gen_festival), then festivals and their genres in one INSERT ...
 * SELECT each. Temporary tables live until the generator's transaction ends.
 */
import { festivalDedupeKey } from '#core/festival-key';
import { otherEuropeanPlaces, SPAIN_SHARE, spanishPlaces } from './european-places';
import type { GenerationPlan } from './plan';
import { fill, int, literal, pick, textArray } from './sql-text';
import * as texts from './texts';

/** Normalised as the duplicate check does (lowercase, no accents), with the same function. */
const nameKey = (word: string) => festivalDedupeKey(word, '').slice(0, -1);
const locationKey = (location: string) => festivalDedupeKey('', location).slice(1);

/** How genres read inside a sentence ('un festival de techno', 'el drum and bass'). */
const genreInText: Record<string, string> = {
  EDM: 'EDM',
  Electrónica: 'sonido electrónico',
  Experimental: 'sonido experimental',
  Bass: 'bass music',
  Disco: 'nu disco',
};
const inText = (genre: string) => genreInText[genre] ?? genre.toLowerCase();

export const NAME_CAPACITY = texts.nameFirstWords.length * texts.nameSecondWords.length * texts.nameTemplates.length;
/** Steps through the name combinations in an order that looks random; coprime with NAME_CAPACITY. */
const NAME_STRIDE = 7919;

export const generatorGenres = [...new Set(texts.genreProfiles.flat())];

export function wordsTable(): string {
  const arrays: Record<string, readonly string[]> = {
    first_words: texts.nameFirstWords,
    first_keys: texts.nameFirstWords.map(nameKey),
    second_words: texts.nameSecondWords,
    second_keys: texts.nameSecondWords.map(nameKey),
    name_templates: texts.nameTemplates,
    name_template_keys: texts.nameTemplates.map(nameKey),
    profiles: texts.genreProfiles.map((p) => p.join('|')),
    profile_texts: texts.genreProfiles.map((p) => p.map(inText).join('|')),
    intros: texts.descriptionIntros,
    music: texts.descriptionMusic,
    venues: texts.descriptionVenues,
    atmospheres: texts.descriptionAtmospheres,
    practical: texts.descriptionPractical,
    closings: texts.descriptionClosings,
    addresses: texts.addressTemplates,
    transport: texts.transportTexts,
    parking: texts.parkingTexts,
    accommodation: texts.accommodationTexts,
    good_openings: texts.commentOpenings.good,
    middling_openings: texts.commentOpenings.middling,
    bad_openings: texts.commentOpenings.bad,
    details: texts.commentDetails,
    good_closings: texts.commentClosings.good,
    middling_closings: texts.commentClosings.middling,
    bad_closings: texts.commentClosings.bad,
    first_names: texts.firstNames,
    surnames: texts.surnames,
    captions: texts.mediaCaptions,
    media_comments: texts.mediaComments,
  };
  const columns = Object.entries(arrays).map(([name, values]) => `${textArray(values)} as ${name}`);
  return `create temp table gen_words on commit drop as select ${columns.join(',\n  ')}`;
}

/** Length of a list in texts.ts, for pick(). */
export const n = (list: readonly unknown[]) => list.length;

export function placesTable(): string[] {
  const rows = [...spanishPlaces, ...otherEuropeanPlaces].map(([city, country, lat, lon], i) => {
    const location = `${city}, ${country}`;
    return `(${i + 1}, ${literal(city)}, ${literal(country)}, ${literal(locationKey(location))}, ${lat}, ${lon})`;
  });
  return [
    'create temp table gen_place (i int primary key, city text, country text, location_key text, lat float8, lon float8) on commit drop',
    `insert into gen_place values ${rows.join(',\n')}`,
  ];
}

/** The referent "now" of the generated data: midnight UTC of plan.today. */
export const reference = (plan: GenerationPlan) => `(${literal(plan.today)}::date::timestamp at time zone 'UTC')`;

/**
 * One row per festival with its random choices and how many comments and photos it gets.
 * Popularity is a random ranking; comments follow 1 / (rank + 3), a Zipf law (the top fifth of
 * festivals gets about 80% of them), photos a flatter 1 / sqrt(rank + 10). Counts are the floor
 * of each share plus one for the largest remainders, so they add up exactly to the totals asked.
 */
export function festivalPlanTable(plan: GenerationPlan): string {
  const { u } = plan;
  const spanish = spanishPlaces.length;
  const others = otherEuropeanPlaces.length;
  const firsts = texts.nameFirstWords.length;
  const seconds = texts.nameSecondWords.length;
  const nameOffset = (plan.seed * 104_729) % NAME_CAPACITY;
  return `create temp table gen_festival on commit drop as
with base as (
  select g, ${int(plan.festivalBase)} + g as id,
    case when ${u(1, 'g')} < ${SPAIN_SHARE} then 1 + floor(${u(2, 'g')} * ${spanish})::int
      else ${spanish + 1} + floor(${u(2, 'g')} * ${others})::int end as place,
    (((g - 1)::int8 * ${NAME_STRIDE} + ${nameOffset}) % ${NAME_CAPACITY})::int as code,
    ((g - 1) / ${NAME_CAPACITY})::int as edition,
    1 + floor(${u(3, 'g')} * ${n(texts.genreProfiles)})::int as profile,
    case when ${u(4, 'g')} < 0.15 then 1 when ${u(4, 'g')} < 0.5 then 2 when ${u(4, 'g')} < 0.85 then 3 else 4 end as genre_count,
    ${literal(plan.today)}::date + (floor(${u(5, 'g')} * 730)::int - 365) as day0,
    case when ${u(6, 'g')} < 0.25 then 1 when ${u(6, 'g')} < 0.55 then 2 when ${u(6, 'g')} < 0.9 then 3 else 4 end as days,
    ${u(7, 'g')} < 0.75 as weekend,
    (${u(8, 'g')} - 0.5) * 0.3 as quality,
    floor(${u(9, 'g')} * ${int(plan.users)})::int as ustart,
    row_number() over (order by ${u(10, 'g')}, g) as popularity
  from generate_series(1, ${int(plan.festivals)}) g
), named as (
  select b.*,
    -- Most festivals start on a Friday (isodow 5).
    case when weekend then day0 + (12 - extract(isodow from day0)::int) % 7 else day0 end as start_date,
    replace(
      w.name_templates[1 + code / ${firsts * seconds}],
      '%',
      w.first_words[1 + code % ${firsts}] || ' ' || w.second_words[1 + (code / ${firsts}) % ${seconds}]
    )
      || case when edition > 0 then ' ' || (edition + 1) else '' end as name,
    replace(
      w.name_template_keys[1 + code / ${firsts * seconds}],
      '%',
      w.first_keys[1 + code % ${firsts}] || ' ' || w.second_keys[1 + (code / ${firsts}) % ${seconds}]
    )
      || case when edition > 0 then ' ' || (edition + 1) else '' end as name_key,
    1::numeric / (popularity + 3) as comment_weight,
    1::numeric / sqrt((popularity + 10)::numeric) as media_weight
  from base b cross join gen_words w
), shares as (
  select *, ${int(plan.comments)}::numeric * comment_weight / sum(comment_weight) over () as c_share,
    ${int(plan.media)}::numeric * media_weight / sum(media_weight) over () as m_share
  from named
), floored as (
  select *, floor(c_share)::int as c_floor, floor(m_share)::int as m_floor from shares
), counted as (
  select *,
    c_floor + case when row_number() over (order by c_share - c_floor desc, g) <= ${int(plan.comments)} - sum(c_floor) over () then 1 else 0 end as n_comments,
    m_floor + case when row_number() over (order by m_share - m_floor desc, g) <= ${int(plan.media)} - sum(m_floor) over () then 1 else 0 end as n_media
  from floored
)
select g, id, place, name, name_key, profile, genre_count, start_date, start_date + (days - 1) as end_date, quality, ustart, popularity,
  n_comments, (sum(n_comments) over (order by g) - n_comments)::int8 as c_offset,
  n_media, (sum(n_media) over (order by g) - n_media)::int8 as m_offset
from counted`;
}

export function insertFestivals(plan: GenerationPlan): string {
  const { u } = plan;
  const key = 'f.g';
  const values = { nombre: 'f.name', ciudad: 'p.city', pais: 'p.country', genero: 'x.genre', genero2: 'x.genre2' };
  const sentence = (list: string, length: number, salt: number) =>
    fill(pick(`w.${list}`, length, u(salt, key)), values);
  const sometimes = (p: number, salt: number, expr: string) => `case when ${u(salt, key)} < ${p} then ${expr} end`;
  const description = `concat_ws(' ',
    ${sentence('intros', n(texts.descriptionIntros), 20)},
    ${sentence('music', n(texts.descriptionMusic), 21)},
    ${sentence('venues', n(texts.descriptionVenues), 22)},
    ${sometimes(0.7, 23, sentence('atmospheres', n(texts.descriptionAtmospheres), 24))},
    ${sometimes(0.7, 25, sentence('practical', n(texts.descriptionPractical), 26))},
    ${sometimes(0.5, 27, sentence('closings', n(texts.descriptionClosings), 28))})`;
  const created = `${reference(plan)} - interval '1 minute' * floor((30 + ${u(29, key)} * 900) * 1440)`;
  return `insert into festivals (id, name, dedupe_key, description, location, address, start_date, end_date, website, image_url, status,
  latitude, longitude, geocoded_from, transportation, parking_info, accommodation, proposed_by, created_at, updated_at)
select f.id, f.name, f.name_key || '|' || p.location_key, ${description},
  p.city || ', ' || p.country, x.address, f.start_date, f.end_date,
  -- As the admin form stores a website (core's websiteInput normalises it to a URL with a path).
  ${sometimes(0.75, 30, `'https://' || trim(both '-' from regexp_replace(f.name_key, '[^a-z0-9]+', '-', 'g')) || '.example.com/'`)},
  -- Half carry one of the stock images explicitly; the rest get one of the seven by id modulo 7.
  ${sometimes(0.5, 31, `'/images/stock/festival-' || (1 + floor(${u(32, key)} * 7)::int) || '-md.jpg'`)},
  'approved',
  -- A few kilometres around the town centre, so a town's festivals do not share one marker.
  round((p.lat + (${u(33, key)} - 0.5) * 0.08)::numeric, 5)::float8,
  round((p.lon + (${u(34, key)} - 0.5) * 0.12)::numeric, 5)::float8,
  x.address,
  ${sometimes(0.35, 35, fill(pick('w.transport', n(texts.transportTexts), u(36, key)), values))},
  ${sometimes(0.25, 37, fill(pick('w.parking', n(texts.parkingTexts), u(38, key)), values))},
  ${sometimes(0.25, 39, fill(pick('w.accommodation', n(texts.accommodationTexts), u(40, key)), values))},
  ${sometimes(0.05, 41, `${int(plan.userBase)} + 1 + floor(${u(42, key)} * ${int(plan.users)})::int`)},
  ${created}, ${created}
from gen_festival f
join gen_place p on p.i = f.place
cross join gen_words w
cross join lateral (
  select ${fill(pick('w.addresses', n(texts.addressTemplates), u(43, key)), { ciudad: 'p.city' })} as address,
    split_part(w.profile_texts[f.profile], '|', 1) as genre,
    split_part(w.profile_texts[f.profile], '|', 2) as genre2
  offset 0
) x`;
}

export function insertGenres(): string {
  return `insert into genres (name) select unnest(${textArray(generatorGenres)}) on conflict do nothing`;
}

export function insertFestivalGenres(): string {
  return `insert into festival_genres (festival_id, genre_id, position)
select f.id, g.id, (t.ord - 1)::smallint
from gen_festival f
cross join gen_words w
cross join lateral unnest(string_to_array(w.profiles[f.profile], '|')) with ordinality as t(name, ord)
join genres g on lower(g.name) = lower(t.name)
where t.ord <= f.genre_count`;
}
