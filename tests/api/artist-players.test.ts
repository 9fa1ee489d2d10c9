import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { artistsTable, festivalsTable } from '#db/schema';
import { api, db, signInAdmin, type SignedIn } from '../support/api';
import { createFestival } from '../support/fixtures';

// 'Escuchar': the artist's answer names every link and the players they make; an admin edits them.

let admin: SignedIn;
beforeAll(async () => {
  admin = await signInAdmin();
});

describe('GET /api/artists/{id}: links and players', () => {
  it('answers the links by name and the players of the embeddable ones, YouTube included', async () => {
    const created = await api('POST', '/api/admin/artists', {
      token: admin.token,
      body: {
        name: `Reproducible ${Date.now()}`,
        soundcloud: 'https://soundcloud.com/reproducible',
        youtube: 'https://youtu.be/dQw4w9WgXcQ',
        bandcamp: 'https://reproducible.bandcamp.com',
        website: 'https://reproducible.example',
      },
    });
    expect(created.status).toBe(201);
    const id = created.json.id as number;
    const res = await api('GET', `/api/artists/${id}`);
    expect(res.status).toBe(200);
    expect(res.json.youtube).toBe('https://youtu.be/dQw4w9WgXcQ');
    expect(res.json.links).toEqual({
      soundcloud: 'https://soundcloud.com/reproducible',
      bandcamp: 'https://reproducible.bandcamp.com/',
      youtube: 'https://youtu.be/dQw4w9WgXcQ',
      spotify: null,
      resident_advisor: null,
      website: 'https://reproducible.example/',
      instagram: null,
    });
    expect(res.json.embeds).toEqual([
      {
        provider: 'soundcloud',
        url: 'https://w.soundcloud.com/player/?url=https%3A%2F%2Fsoundcloud.com%2Freproducible&color=%23ff2bd6&auto_play=true&visual=true',
      },
      { provider: 'youtube', url: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1' },
    ]);

    // An edit shows on the next read: the Spotify profile adds its player.
    const edited = await api('PUT', `/api/admin/artists/${id}`, {
      token: admin.token,
      body: { name: res.json.name, spotify: 'https://open.spotify.com/artist/5Ho1vKl1Uz8bJlk4vbmvmf' },
    });
    expect(edited.status).toBe(200);
    const after = await api('GET', `/api/artists/${id}`);
    expect(after.json.embeds.map((e: { provider: string }) => e.provider)).toEqual(['spotify']);
  });

  it('refuses a YouTube link that is not an address, in Spanish', async () => {
    const res = await api('POST', '/api/admin/artists', {
      token: admin.token,
      body: { name: `Sin enlace ${Date.now()}`, youtube: 'javascript:alert(1)' },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.json)).toContain('La URL de YouTube no es válida: usa una dirección http(s).');
  });
});

describe('PUT /api/admin/editions/{id}/lineup: pasted profile addresses', () => {
  it("fill the artists' empty links and never replace one already set", async () => {
    const tag = Date.now();
    const kept = await api('POST', '/api/admin/artists', {
      token: admin.token,
      body: { name: `Con enlace ${tag}`, soundcloud: 'https://soundcloud.com/original' },
    });
    const festival = await createFestival({ name: `Pegado ${tag}`, startDate: '2031-07-10', endDate: '2031-07-12' });
    const [{ editionId }] = await db()
      .select({ editionId: festivalsTable.currentEditionId })
      .from(festivalsTable)
      .where(eq(festivalsTable.id, festival));
    const res = await api('PUT', `/api/admin/editions/${editionId}/lineup`, {
      token: admin.token,
      body: {
        lineup: [
          {
            artist_name: `Nuevo pegado ${tag}`,
            links: { soundcloud: 'https://soundcloud.com/nuevo', youtube: 'https://youtu.be/dQw4w9WgXcQ' },
          },
          {
            artist_id: kept.json.id,
            links: { soundcloud: 'https://soundcloud.com/otro', spotify: 'https://open.spotify.com/artist/abc123' },
          },
        ],
      },
    });
    expect(res.status).toBe(200);
    const rows = await db()
      .select({
        name: artistsTable.name,
        soundcloud: artistsTable.soundcloud,
        youtube: artistsTable.youtube,
        spotify: artistsTable.spotify,
      })
      .from(artistsTable)
      .where(eq(artistsTable.id, kept.json.id));
    expect(rows).toEqual([
      {
        name: `Con enlace ${tag}`,
        soundcloud: 'https://soundcloud.com/original',
        youtube: null,
        spotify: 'https://open.spotify.com/artist/abc123',
      },
    ]);
    const added = res.json.lineup[0].artist.id as number;
    const page = await api('GET', `/api/artists/${added}`);
    expect(page.json.links).toMatchObject({
      soundcloud: 'https://soundcloud.com/nuevo',
      youtube: 'https://youtu.be/dQw4w9WgXcQ',
    });

    const bad = await api('PUT', `/api/admin/editions/${editionId}/lineup`, {
      token: admin.token,
      body: { lineup: [{ artist_name: `Malo ${tag}`, links: { spotify: 'ftp://x' } }] },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain('La URL de Spotify no es válida');
  });
});
