import { beforeAll, describe, expect, it } from 'vitest';
import { api, signInAdmin, type SignedIn } from '../support/api';

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
