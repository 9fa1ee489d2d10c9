import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder, openDatabase, type DatabaseHandle } from '#db/client';
import { withDatabaseName } from '../support/global-setup';
import { adminUrl, withDatabase } from '../support/postgres';

// Migrations apply to databases that already hold data: each test migrates a fresh database up to
// the migration before the one under test, writes rows as the code of that time did, then applies
// the rest and checks what the data became.

const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
  entries: Array<{ tag: string }>;
};
const scratch = mkdtempSync(path.join(tmpdir(), 'festivales-migrations-'));

/** A copy of the migrations folder that stops before `tag`. */
function migrationsBefore(tag: string): string {
  const index = journal.entries.findIndex((e) => e.tag === tag);
  if (index < 0) throw new Error(`no migration ${tag}`);
  const folder = path.join(scratch, tag);
  mkdirSync(path.join(folder, 'meta'), { recursive: true });
  const entries = journal.entries.slice(0, index);
  for (const entry of entries)
    copyFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  return folder;
}

let handle: DatabaseHandle;
let migrateTo: (folder: string) => Promise<void>;
let dropName: string | undefined;

beforeAll(async () => {
  const url = process.env.DATABASE_URL;
  if (url) {
    dropName = `festivales_mig_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    await withDatabase(adminUrl(url), (client) => client.query(`create database ${dropName}`));
    handle = await openDatabase({ url: withDatabaseName(url, dropName), poolSize: 2 });
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    migrateTo = (folder) => migrate(handle.db as never, { migrationsFolder: folder });
  } else {
    handle = await openDatabase({ dataDir: 'memory://' });
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    migrateTo = (folder) => migrate(handle.db as never, { migrationsFolder: folder });
  }
  // A new empty PGlite runs initdb (seconds, more on a busy machine): the suite's dump is already migrated.
}, 180_000);

afterAll(async () => {
  await handle.close();
  rmSync(scratch, { recursive: true, force: true });
  if (process.env.DATABASE_URL && dropName) {
    const name = dropName;
    await withDatabase(adminUrl(process.env.DATABASE_URL), (client) =>
      client.query(`drop database if exists ${name} with (force)`),
    );
  }
});

const rows = async <T>(query: ReturnType<typeof sql>) => (await handle.db.execute(query)) as unknown as { rows: T[] };

describe('migration 0006 (ratings once per user, approved only)', () => {
  it('computes the counters from the approved comments already stored, and the triggers take over', async () => {
    await migrateTo(migrationsBefore('0006_comment-ratings-triggers'));
    await handle.db.execute(
      sql`insert into users (id, email, name) values (1, 'a@x.es', 'A'), (2, 'b@x.es', 'B'), (3, 'c@x.es', 'C')`,
    );
    await handle.db.execute(
      sql`insert into festivals (id, name, dedupe_key, status) values (1, 'Uno', 'uno|', 'approved'), (2, 'Dos', 'dos|', 'approved')`,
    );
    await handle.db.execute(sql`insert into comments (festival_id, user_id, content, rating, status, created_at) values
      (1, 1, 'viejo', 1, 'approved', '2024-01-01'), (1, 1, 'nuevo', 5, 'approved', '2024-02-01'),
      (1, 1, 'pendiente', 2, 'pending', '2024-03-01'), (1, 2, 'b', 3, 'approved', '2024-01-05'),
      (1, 3, 'sin moderar', 1, 'pending', '2024-01-06'), (2, 3, 'solo pendiente', 4, 'pending', '2024-01-07')`);

    await migrateTo(migrationsFolder);
    const counters = await rows<{ festival_id: number; ratings_count: number; ratings_sum: number }>(
      sql`select festival_id, ratings_count, ratings_sum from festival_ratings order by festival_id`,
    );
    expect(counters.rows).toEqual([{ festival_id: 1, ratings_count: 2, ratings_sum: 8 }]);
    const perUser = await rows<{ user_id: number; rating: number }>(
      sql`select user_id, rating from festival_user_ratings order by user_id`,
    );
    expect(perUser.rows).toEqual([
      { user_id: 1, rating: 5 },
      { user_id: 2, rating: 3 },
    ]);

    await handle.db.execute(sql`update comments set status = 'approved' where content = 'solo pendiente'`);
    const after = await rows<{ ratings_count: number; ratings_sum: number }>(
      sql`select ratings_count, ratings_sum from festival_ratings where festival_id = 2`,
    );
    expect(after.rows).toEqual([{ ratings_count: 1, ratings_sum: 4 }]);
  });
});

describe('migration 0020 (counters of favourites, approved comments and votes)', () => {
  it('counts what is already stored, and the triggers take over', async () => {
    // A database of its own: the test above left this one fully migrated.
    await handle.db.execute(sql`drop schema if exists drizzle cascade`);
    await handle.db.execute(sql`drop schema public cascade`);
    await handle.db.execute(sql`create schema public`);
    await migrateTo(migrationsBefore('0020_festival-counters'));
    await handle.db.execute(
      sql`insert into users (id, email, name) values (1, 'a@x.es', 'A'), (2, 'b@x.es', 'B'), (3, 'c@x.es', 'C')`,
    );
    await handle.db.execute(
      sql`insert into festivals (id, name, dedupe_key, status)
        values (1, 'Uno', 'uno|', 'approved'), (2, 'Dos', 'dos|', 'approved'), (3, 'Tres', 'tres|', 'approved')`,
    );
    await handle.db.execute(sql`insert into favorites (user_id, festival_id) values (1, 1), (2, 1), (3, 1), (1, 2)`);
    await handle.db.execute(sql`insert into comments (festival_id, user_id, content, rating, status) values
      (1, 1, 'uno', 5, 'approved'), (1, 2, 'dos', 3, 'approved'), (1, 3, 'pendiente', 1, 'pending'), (3, 3, 'solo pendiente', 2, 'pending')`);
    await handle.db.execute(
      sql`insert into media (id, festival_id, url, status) values (1, 1, 'https://x.es/1.jpg', 'approved'), (2, 1, 'https://x.es/2.jpg', 'approved')`,
    );
    await handle.db.execute(
      sql`insert into media_votes (media_id, user_id, rating) values (1, 1, 5), (1, 2, 2), (1, 3, 4)`,
    );

    await migrateTo(migrationsFolder);
    const festivals = await rows(
      sql`select festival_id, favorites_count, comments_count from festival_counters order by festival_id`,
    );
    expect(festivals.rows).toEqual([
      { festival_id: 1, favorites_count: 3, comments_count: 2 },
      { festival_id: 2, favorites_count: 1, comments_count: 0 },
    ]);
    const photos = await rows(sql`select media_id, votes_count, votes_sum from media_vote_counts order by media_id`);
    expect(photos.rows).toEqual([{ media_id: 1, votes_count: 3, votes_sum: 11 }]);

    await handle.db.execute(sql`update comments set status = 'approved' where content = 'solo pendiente'`);
    await handle.db.execute(sql`delete from favorites where festival_id = 1 and user_id = 2`);
    await handle.db.execute(sql`update media_votes set rating = 1 where media_id = 1 and user_id = 1`);
    await handle.db.execute(sql`insert into media_votes (media_id, user_id, rating) values (2, 1, 3)`);
    expect(
      (await rows(sql`select festival_id, favorites_count, comments_count from festival_counters order by festival_id`))
        .rows,
    ).toEqual([
      { festival_id: 1, favorites_count: 2, comments_count: 2 },
      { festival_id: 2, favorites_count: 1, comments_count: 0 },
      { festival_id: 3, favorites_count: 0, comments_count: 1 },
    ]);
    expect(
      (await rows(sql`select media_id, votes_count, votes_sum from media_vote_counts order by media_id`)).rows,
    ).toEqual([
      { media_id: 1, votes_count: 3, votes_sum: 7 },
      { media_id: 2, votes_count: 1, votes_sum: 3 },
    ]);
  });
});
