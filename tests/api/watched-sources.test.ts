import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectedChangesTable, festivalOrganizersTable, watchedSourcesTable } from '#db/schema';
import { resetEnv } from '../../functions/lib/env';
import { robotsAllow, watchSources } from '../../functions/lib/domain/imports/watcher';
import { api, db, signIn, signInAdmin, type SignedIn } from '../support/api';
import { createFestival } from '../support/fixtures';
import { festivalWithSubEvents, html, jsonLd, startImportSite, type ImportSite } from '../support/import-site';

const YEAR = 2032;
const DAY = 86_400_000;
let site: ImportSite;
let admin: SignedIn;
let organizer: SignedIn;
let stranger: SignedIn;
let festivalId: number;
const tag = Date.now();
const artists = [`Vigilada Uno ${tag}`, `Vigilada Dos ${tag}`];

const page = (lineup: string[], etag: string) => ({
  ...html(jsonLd(festivalWithSubEvents(`Vigilado ${tag}`, YEAR, lineup))),
  headers: { ETag: etag },
});

/** A pass of the watcher as if `days` had gone by since now. */
const pass = (days: number) => watchSources(db(), { now: new Date(Date.now() + days * DAY) });

beforeAll(async () => {
  site = await startImportSite({
    '/oficial': page(artists, '"v1"'),
    '/robots.txt': { type: 'text/plain', body: 'User-agent: *\nDisallow: /privado\n' },
    '/privado/festival': page(artists, '"p1"'),
  });
  resetEnv({ IMPORT_ALLOW_HOSTS: `127.0.0.1:${site.port}` });
  admin = await signInAdmin();
  organizer = await signIn();
  stranger = await signIn();
  festivalId = await createFestival({ name: `Vigilado ${tag}`, startDate: `${YEAR}-07-01`, endDate: `${YEAR}-07-02` });
  await db()
    .insert(festivalOrganizersTable)
    .values({ festivalId, userId: organizer.user.id, grantedBy: admin.user.id });
});

afterAll(async () => {
  await site.close();
  resetEnv({ IMPORT_ALLOW_HOSTS: undefined });
});

describe('robots.txt', () => {
  it('lets our agent read what its group (or everyone) is allowed, the longest rule winning', () => {
    const robots =
      'User-agent: *\nDisallow: /\n\nUser-agent: FestivalesBot\nDisallow: /privado\nAllow: /privado/prensa\n';
    expect(robotsAllow(robots, '/festival')).toBe(true);
    expect(robotsAllow(robots, '/privado/x')).toBe(false);
    expect(robotsAllow(robots, '/privado/prensa/nota')).toBe(true);
    expect(robotsAllow('User-agent: *\nDisallow: /\n', '/festival')).toBe(false);
    expect(robotsAllow('User-agent: *\nDisallow:\n', '/festival')).toBe(true);
    expect(robotsAllow('', '/')).toBe(true);
  });
});

describe('watched sources and detected changes', () => {
  it('watches the page an import was applied from, and reads it again only a week later, conditionally', async () => {
    const draft = (
      await api('POST', '/api/import/preview', {
        token: admin.token,
        body: { url: site.url('/oficial'), festival_id: festivalId },
      })
    ).json;
    const applied = await api('POST', '/api/import/apply', {
      token: admin.token,
      body: { festival_id: festivalId, source_url: draft.source.url, fields: ['dates', 'lineup', 'tickets'], draft },
    });
    expect(applied.status).toBe(200);
    const sources = (await api('GET', '/api/admin/sources', { token: admin.token })).json;
    expect(sources).toEqual([
      expect.objectContaining({ festival_id: festivalId, url: site.url('/oficial'), failures: 0, failing: false }),
    ]);

    site.requests.length = 0;
    // First pass: never read by the watcher, so due; the page says what is stored: nothing opens.
    expect(await pass(0)).toMatchObject({ checked: 1, changes: 0 });
    expect(site.requests).toEqual(['/robots.txt', '/oficial']);
    // Within the week: not read again.
    expect(await pass(3)).toMatchObject({ checked: 0 });
    // A week later, unchanged: the server answers 304 to the ETag it gave.
    expect(await pass(8)).toMatchObject({ checked: 1, unchanged: 1, changes: 0 });
    expect(site.requests.filter((p) => p === '/oficial')).toHaveLength(2);
    expect((await api('GET', '/api/admin/detected-changes', { token: admin.token })).json).toEqual([]);
  });

  it("opens 'Cambios detectados' when the lineup and dates move; the organiser sees theirs and applies it", async () => {
    const moved = festivalWithSubEvents(`Vigilado ${tag}`, YEAR, [...artists, `Vigilada Tres ${tag}`]);
    site.pages.set('/oficial', { ...html(jsonLd({ ...moved, endDate: `${YEAR}-07-13` })), headers: { ETag: '"v2"' } });
    expect(await pass(16)).toMatchObject({ checked: 1, changes: 1 });
    const open = (await api('GET', '/api/admin/detected-changes', { token: admin.token })).json;
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ festival_id: festivalId, source_url: site.url('/oficial'), status: 'open' });
    expect(open[0].diff.map((d: { field: string }) => d.field)).toEqual(['dates', 'lineup']);
    // A second reading of the same change updates the one open item.
    await db().update(watchedSourcesTable).set({ etag: null });
    await pass(24);
    expect(
      await db().select().from(detectedChangesTable).where(eq(detectedChangesTable.festivalId, festivalId)),
    ).toHaveLength(1);

    expect((await api('GET', '/api/organizer/detected-changes', { token: stranger.token })).json).toEqual([]);
    expect(
      (await api('POST', `/api/organizer/detected-changes/${open[0].id}/apply`, { token: stranger.token })).status,
    ).toBe(404);
    const mine = (await api('GET', '/api/organizer/detected-changes', { token: organizer.token })).json;
    expect(mine.map((c: { id: number }) => c.id)).toEqual([open[0].id]);
    const applied = await api('POST', `/api/organizer/detected-changes/${open[0].id}/apply`, {
      token: organizer.token,
    });
    expect(applied.status).toBe(200);
    expect(applied.json.status).toBe('applied');
    const festival = (await api('GET', `/api/festivals/${festivalId}`)).json;
    expect(festival.end_date).toBe(`${YEAR}-07-13`);
    expect(festival.lineup.map((l: { artist: { name: string } }) => l.artist.name)).toContain(`Vigilada Tres ${tag}`);
    expect((await api('GET', '/api/admin/detected-changes', { token: admin.token })).json).toEqual([]);
  });

  it('dismisses a change without touching the festival', async () => {
    site.pages.set('/oficial', page([artists[0]], '"v3"'));
    await pass(32);
    const [change] = (await api('GET', '/api/admin/detected-changes', { token: admin.token })).json;
    expect(change.diff.map((d: { field: string }) => d.field)).toContain('lineup');
    const res = await api('POST', `/api/admin/detected-changes/${change.id}/dismiss`, { token: admin.token });
    expect(res.json.status).toBe('dismissed');
    const festival = (await api('GET', `/api/festivals/${festivalId}`)).json;
    expect(festival.lineup).toHaveLength(3);
    expect((await api('POST', `/api/admin/detected-changes/${change.id}/apply`, { token: admin.token })).status).toBe(
      404,
    );
  });

  it('marks a source failing after 3 failed readings in a row, and respects robots.txt', async () => {
    const missing = await api('POST', '/api/admin/sources', {
      token: admin.token,
      body: { festival_id: festivalId, url: site.url('/ya-no-existe') },
    });
    expect(missing.status).toBe(201);
    const hidden = await api('POST', '/api/admin/sources', {
      token: admin.token,
      body: { festival_id: festivalId, url: site.url('/privado/festival') },
    });
    site.requests.length = 0;
    for (const days of [40, 48, 56]) await pass(days);
    expect(site.requests).not.toContain('/privado/festival');
    // One reading of each source per pass, never two.
    expect(site.requests.filter((p) => p === '/ya-no-existe')).toHaveLength(3);
    const sources = (await api('GET', '/api/admin/sources', { token: admin.token })).json;
    expect(sources[0]).toMatchObject({ id: missing.json.id, failures: 3, failing: true });
    expect(sources[0].last_error).toMatch(/404/);
    expect(sources.find((s: { id: number }) => s.id === hidden.json.id).last_error).toMatch(/robots\.txt/);

    expect((await api('DELETE', `/api/admin/sources/${missing.json.id}`, { token: admin.token })).status).toBe(200);
    expect((await api('DELETE', `/api/admin/sources/${missing.json.id}`, { token: admin.token })).status).toBe(404);
    const bad = await api('POST', '/api/admin/sources', {
      token: admin.token,
      body: { festival_id: festivalId, url: 'ftp://x' },
    });
    expect(bad.status).toBe(400);
    expect((await api('GET', '/api/admin/sources', { token: organizer.token })).status).toBe(403);
  });
});
