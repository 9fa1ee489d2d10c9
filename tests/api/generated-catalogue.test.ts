import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { festivalDedupeKey } from '#core/festival-key';
import { adminFestivalSchema } from '#core/festival-schemas';
import { CatalogueNotEmptyError, generateCatalogue } from '#db/seed/generate-catalogue';
import { api, db, signIn, signInAdmin, type SignedIn } from '../support/api';
import type { Festival } from '#core/response-schemas';
import { writtenBehindTheApi } from '../support/fixtures';

// The generated catalogue (npm run db:seed -- --festivals N ...) for benchmarks and browser tests at
// scale: what it stores must pass the rules real festivals pass, and its rating counters must be
// those the comment triggers keep.

const SIZES = { festivals: 300, comments: 3000, votes: 5000, seed: 7, today: '2026-06-15' };

const rows = async <T>(query: ReturnType<typeof sql>) => ((await db().execute(query)) as unknown as { rows: T[] }).rows;
const one = async <T>(query: ReturnType<typeof sql>) => (await rows<T>(query))[0];

/** Every index, constraint and trigger of the tables the generator loads in bulk, with its state. */
const schemaShape = () =>
  rows<{ item: string }>(sql`
    select 'index ' || indexname || ': ' || indexdef as item from pg_indexes where schemaname = 'public'
    union all
    select 'constraint ' || conname || ': ' || pg_get_constraintdef(oid) from pg_constraint where connamespace = 'public'::regnamespace
    union all
    select 'trigger ' || tgname || ' ' || tgenabled::text from pg_trigger where not tgisinternal
    order by 1`);

/** A digest of the generated content, ids included: equal digests, equal catalogues. */
const fingerprint = async () =>
  one<{ festivals: string; comments: string; votes: string }>(sql`select
    (select md5(string_agg(concat_ws('|', id, name, location, address, description, start_date, end_date, website,
      image_url, latitude, longitude), ',' order by id)) from festivals) as festivals,
    (select md5(string_agg(concat_ws('|', id, festival_id, user_id, content, rating, status, created_at), ',' order by id)) from comments) as comments,
    (select md5(string_agg(concat_ws('|', media_id, user_id, rating), ',' order by media_id, user_id)) from media_votes) as votes`);

/** festival_ratings as the rule says from scratch: each author's newest approved comment per festival. */
const freshRatings = () =>
  rows<{ festival_id: number; count: number; sum: number }>(sql`
    select festival_id, count(*)::int as count, sum(rating)::int as sum from (
      select distinct on (festival_id, user_id) festival_id, rating from comments
      where status = 'approved' order by festival_id, user_id, created_at desc, id desc) newest
    group by festival_id order by festival_id`);
const storedRatings = () =>
  rows<{ festival_id: number; count: number; sum: number }>(
    sql`select festival_id, ratings_count as count, ratings_sum as sum from festival_ratings where ratings_count > 0 order by festival_id`,
  );

let existing: SignedIn;
let admin: SignedIn;
let shapeBefore: { item: string }[];
let firstDigest: Awaited<ReturnType<typeof fingerprint>>;
let catalogue: Festival[];

beforeAll(async () => {
  // Someone signed up before the catalogue is generated: generated people come after them.
  existing = await signIn(undefined, 'Persona Previa');
  admin = await signInAdmin();
  shapeBefore = await schemaShape();
  await generateCatalogue(db(), SIZES);
  writtenBehindTheApi();
  firstDigest = await fingerprint();
  const res = await api('GET', '/api/festivals');
  expect(res.status).toBe(200);
  catalogue = res.json;
});

describe('generated catalogue', () => {
  it('holds the sizes asked for, with gallery photos and the people who wrote it', async () => {
    const counts = await one<Record<string, number>>(sql`select
      (select count(*)::int from festivals where status = 'approved') as festivals,
      (select count(*)::int from festivals) as all_festivals,
      (select count(*)::int from comments) as comments,
      (select count(*)::int from media_votes) as votes,
      (select count(*)::int from media) as media,
      (select count(*)::int from users where email like '%@generado.festivales.test') as people,
      (select min(id)::int from users where email like '%@generado.festivales.test') as first_person`);
    expect(counts).toMatchObject({ festivals: 300, all_festivals: 300, comments: 3000, votes: 5000, media: 1200 });
    expect(counts.people).toBeGreaterThanOrEqual(100);
    expect(counts.first_person).toBeGreaterThan(existing.user.id);
    expect(catalogue).toHaveLength(300);
  });

  it('stores festivals that pass the admin form validation unchanged', () => {
    for (const f of catalogue) {
      const input = {
        name: f.name,
        start_date: f.start_date,
        end_date: f.end_date,
        description: f.description,
        location: f.location,
        address: f.address,
        website: f.website,
        genres: f.genres,
        imageUrl: f.image_url,
        status: f.status,
        latitude: f.latitude,
        longitude: f.longitude,
        transportation: f.transportation,
        parking_info: f.parking_info,
        accommodation: f.accommodation,
      };
      const parsed = adminFestivalSchema.safeParse(input);
      expect(parsed.error?.issues, f.name).toBeUndefined();
      // Already in the form the API would store: the validation changes nothing.
      expect(parsed.data, f.name).toEqual(input);
      expect(f.genres.length, f.name).toBeGreaterThanOrEqual(1);
      expect(f.genres.length, f.name).toBeLessThanOrEqual(4);
      expect(f.hasValidCoordinates).toBe(true);
      expect(f.location).toMatch(/^[^,]+, [^,]+$/);
      expect(f.description!.length).toBeGreaterThan(200);
      expect(f.description!.length).toBeLessThan(1200);
      expect(f.description).not.toMatch(/[{}]|\n/);
    }
  });

  it('spreads dates over the year before and the year after the reference day', () => {
    const starts = catalogue.map((f) => f.start_date!).sort();
    expect(starts[0] >= '2025-06-15').toBe(true);
    expect(starts.at(-1)! <= '2027-06-22').toBe(true);
    const past = starts.filter((d) => d < SIZES.today).length;
    expect(past).toBeGreaterThan(90);
    expect(past).toBeLessThan(210);
    for (const f of catalogue) expect(f.end_date! >= f.start_date!).toBe(true);
  });

  it('gives unique names, and duplicate keys computed as the API computes them', async () => {
    const names = catalogue.map((f) => f.name.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
    const keys = await rows<{ name: string; location: string; dedupe_key: string }>(
      sql`select name, location, dedupe_key from festivals`,
    );
    for (const k of keys) expect(k.dedupe_key).toBe(festivalDedupeKey(k.name, k.location));
  });

  it('places every festival in Europe, in many countries', () => {
    for (const f of catalogue) {
      // Canary Islands to Cyprus, Iceland to Crete.
      expect(f.latitude!, f.name).toBeGreaterThan(27);
      expect(f.latitude!, f.name).toBeLessThan(71);
      expect(f.longitude!, f.name).toBeGreaterThan(-23);
      expect(f.longitude!, f.name).toBeLessThan(35);
    }
    const countries = new Set(catalogue.map((f) => f.location!.split(', ')[1]));
    expect(countries.size).toBeGreaterThanOrEqual(20);
    expect(catalogue.filter((f) => f.location!.endsWith(', España')).length).toBeGreaterThan(60);
  });

  it('skews comments towards a few festivals, mostly approved and mostly high ratings', async () => {
    const perFestival = await rows<{ n: number }>(
      sql`select count(*)::int as n from comments group by festival_id order by 1 desc`,
    );
    const top = perFestival.slice(0, 60).reduce((s, r) => s + r.n, 0);
    expect(top / 3000).toBeGreaterThan(0.55);
    const shares = await one<{ approved: number; fives: number; twos: number; repeat_authors: number }>(sql`select
      (select count(*) filter (where status = 'approved')::float / count(*) from comments) as approved,
      (select count(*)::int from comments where rating = 5) as fives,
      (select count(*)::int from comments where rating = 2) as twos,
      (select count(*)::int from (select 1 from comments group by festival_id, user_id having count(*) > 1) d) as repeat_authors`);
    expect(shares.approved).toBeGreaterThan(0.8);
    expect(shares.approved).toBeLessThan(0.97);
    expect(shares.fives).toBeGreaterThan(4 * shares.twos);
    // Some people comment twice on a festival: the rating rule (their newest approved one) matters.
    expect(shares.repeat_authors).toBeGreaterThan(10);
    for (const c of await rows<{ content: string }>(sql`select content from comments`)) {
      expect(c.content.length).toBeGreaterThan(0);
      expect(c.content.length).toBeLessThanOrEqual(300);
    }
  });

  it('keeps rating counters equal to a fresh aggregation, and the API shows them', async () => {
    const stored = await storedRatings();
    expect(stored.length).toBeGreaterThan(200);
    expect(stored).toEqual(await freshRatings());
    const byId = new Map(stored.map((r) => [r.festival_id, r]));
    for (const f of catalogue) {
      const r = byId.get(f.id);
      expect(f.ratingsCount, f.name).toBe(r?.count ?? 0);
      expect(f.averageRating, f.name).toBe(r ? Math.round((100 * r.sum) / r.count) / 100 : 0);
    }
  });

  it('keeps comment and vote counters equal to a fresh count', async () => {
    const stale = await rows<{ item: string }>(sql`
      select 'festival ' || f.id as item from festivals f left join festival_counters c on c.festival_id = f.id
      where coalesce(c.comments_count, 0) <> (select count(*) from comments x where x.festival_id = f.id and x.status = 'approved')
      union all
      select 'photo ' || m.id from media m left join media_vote_counts c on c.media_id = m.id
      where (coalesce(c.votes_count, 0), coalesce(c.votes_sum, 0))
        <> (select count(*), coalesce(sum(v.rating), 0) from media_votes v where v.media_id = m.id)`);
    expect(stale).toEqual([]);
    const counted = await one<{ votes: number; comments: number }>(
      sql`select (select sum(votes_count)::int from media_vote_counts) as votes, (select sum(comments_count)::int from festival_counters) as comments`,
    );
    expect(counted.votes).toBe(5000);
    expect(counted.comments).toBeGreaterThan(1500);
  });

  it("keeps each festival's answer fields and each artist's visibility as their triggers compute them", async () => {
    const stale = await rows<{ item: string }>(sql`
      select 'festival ' || f.id as item from festivals f left join festival_edition_versions v on v.festival_id = f.id
      where v.fields::text is distinct from festival_edition_fields(f.id)::text
      union all
      select 'artist ' || a.id from artists a
      where a.is_public is distinct from (
        exists (select 1 from lineup_entries le join festival_editions e on e.id = le.edition_id
                join festivals f on f.id = e.festival_id where le.artist_id = a.id and f.status = 'approved')
        or not exists (select 1 from lineup_entries le where le.artist_id = a.id))`);
    expect(stale).toEqual([]);
    const lineups = await one<{ n: number }>(
      sql`select count(*)::int as n from festival_edition_versions where json_array_length(fields->'lineup') > 0`,
    );
    expect(lineups.n).toBeGreaterThan(200);
  });

  it('leaves every index, constraint and trigger as the migrations made them, and the triggers keep counting', async () => {
    expect(await schemaShape()).toEqual(shapeBefore);
    const pending = await one<{ id: number }>(
      sql`select id from comments where status = 'pending' order by id limit 1`,
    );
    const res = await api('PUT', `/api/admin/comments/${pending.id}/approve`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(await storedRatings()).toEqual(await freshRatings());
  });

  it('refuses to generate into a database that has festivals, changing nothing', async () => {
    const before = await fingerprint();
    await expect(generateCatalogue(db(), { festivals: 5, comments: 0, votes: 0 })).rejects.toBeInstanceOf(
      CatalogueNotEmptyError,
    );
    expect(await fingerprint()).toEqual(before);
  });

  it(
    'generates the same catalogue again from the same seed, and another from another seed',
    { timeout: 90_000 },
    async () => {
      // Deleting a whole catalogue runs every festival's triggers at once, which no request does:
      // on a busy machine it outlasts the 5 s the site gives one statement.
      const clear = () =>
        db().transaction(async (tx) => {
          await tx.execute(sql`set local statement_timeout = '120s'`);
          await tx.execute(sql`delete from festivals`);
          await tx.execute(sql`delete from users where email like '%@generado.festivales.test'`);
        });
      await clear();
      await generateCatalogue(db(), SIZES);
      expect(await fingerprint()).toEqual(firstDigest);
      await clear();
      await generateCatalogue(db(), { ...SIZES, seed: 8 });
      const other = await fingerprint();
      expect(other.festivals).not.toBe(firstDigest.festivals);
      expect(other.comments).not.toBe(firstDigest.comments);
      expect(other.votes).not.toBe(firstDigest.votes);
      writtenBehindTheApi();
    },
  );
});
