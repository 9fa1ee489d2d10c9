import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { artistsTable, festivalsTable, lineupEntriesTable } from '#db/schema';
import { api, db, type SignedIn } from './api';
import { createFestival } from './fixtures';

/*
 * Plans with friends in the API tests: a festival with timed sets, picks in 'Mi horario', a plan
 * and its invitation.
 */

/** A festival whose current edition has two overlapping sets and a later one. */
export async function festivalWithSets(names: string[]) {
  const id = await createFestival({ startDate: '2030-07-10', endDate: '2030-07-11' });
  const [{ edition }] = await db()
    .select({ edition: festivalsTable.currentEditionId })
    .from(festivalsTable)
    .where(eq(festivalsTable.id, id));
  const artists = await db()
    .insert(artistsTable)
    .values(names.map((name) => ({ name, slug: `${name.toLowerCase().replace(/\W+/g, '-')}-${id}` })))
    .returning({ id: artistsTable.id });
  const times = [
    ['2030-07-10T22:00:00Z', '2030-07-10T23:30:00Z'],
    ['2030-07-10T23:00:00Z', '2030-07-11T00:00:00Z'],
    ['2030-07-11T01:00:00Z', '2030-07-11T02:00:00Z'],
  ];
  const entries = await db()
    .insert(lineupEntriesTable)
    .values(
      artists.map((a, i) => ({
        editionId: edition!,
        artistId: a.id,
        position: i,
        stage: 'Principal',
        startsAt: new Date(times[i][0]),
        endsAt: new Date(times[i][1]),
      })),
    )
    .returning({ id: lineupEntriesTable.id });
  return { id, entries: entries.map((e) => e.id) };
}

export const pick = (who: SignedIn, festivalId: number, picks: number[]) =>
  api('PUT', `/api/timetables/${festivalId}`, { token: who.token, body: { picks } });

export async function newPlan(owner: SignedIn, festival: number, name?: string) {
  const res = await api('POST', '/api/plans', { token: owner.token, body: { festival_id: festival, name } });
  expect(res.status).toBe(201);
  return res.json as { id: number; invite_url: string };
}
export const tokenOf = (url: string) => url.split('/').pop()!;
export const join = (who: SignedIn, url: string) =>
  api('POST', '/api/plans/join', { token: who.token, body: { token: tokenOf(url) } });
