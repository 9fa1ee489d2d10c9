import { describe, expect, it } from 'vitest';
import { artistEmbeds, linkProvider, type ArtistLinkFields } from './artist-embeds';

const none: ArtistLinkFields = {
  soundcloud: null,
  bandcamp: null,
  youtube: null,
  spotify: null,
  resident_advisor: null,
  website: null,
  instagram: null,
};

describe('artistEmbeds', () => {
  it('makes the players of SoundCloud and Spotify profiles, YouTube videos and channels and Bandcamp player addresses', () => {
    expect(
      artistEmbeds({
        ...none,
        soundcloud: 'https://soundcloud.com/amelielens/',
        spotify: 'https://open.spotify.com/intl-es/artist/5Ho1vKl1Uz8bJlk4vbmvmf?si=abc',
        youtube: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10',
        bandcamp: 'https://bandcamp.com/EmbeddedPlayer/album=123456/size=large',
      }),
    ).toEqual([
      {
        provider: 'soundcloud',
        url: 'https://w.soundcloud.com/player/?url=https%3A%2F%2Fsoundcloud.com%2Famelielens&color=%23ff2bd6&auto_play=true&visual=true',
      },
      { provider: 'bandcamp', url: 'https://bandcamp.com/EmbeddedPlayer/album=123456/size=large' },
      { provider: 'youtube', url: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1' },
      { provider: 'spotify', url: 'https://open.spotify.com/embed/artist/5Ho1vKl1Uz8bJlk4vbmvmf' },
    ]);
    expect(artistEmbeds({ ...none, youtube: 'https://youtube.com/channel/UCabcdefghijklmnop' })).toEqual([
      { provider: 'youtube', url: 'https://www.youtube-nocookie.com/embed/videoseries?list=UUabcdefghijklmnop' },
    ]);
  });

  it('leaves out what cannot play: a Bandcamp page, a website, another host under a known name', () => {
    expect(
      artistEmbeds({
        ...none,
        bandcamp: 'https://amelielens.bandcamp.com',
        website: 'https://amelielens.com',
        soundcloud: 'https://soundcloud.com.evil.example/x',
        spotify: 'https://open.spotify.com/user/x',
        youtube: 'https://youtube.com/@amelielens',
      }),
    ).toEqual([]);
  });

  it('serves every player from a stand-in origin when given one', () => {
    expect(
      artistEmbeds({ ...none, spotify: 'https://open.spotify.com/artist/5Ho1vKl1Uz8b' }, 'http://127.0.0.1:4000'),
    ).toEqual([{ provider: 'spotify', url: 'http://127.0.0.1:4000/embed/artist/5Ho1vKl1Uz8b' }]);
  });
});

describe('linkProvider', () => {
  it('tells which link a pasted address is', () => {
    expect(linkProvider('https://soundcloud.com/bicep')).toBe('soundcloud');
    expect(linkProvider('https://ra.co/dj/bicep')).toBe('resident_advisor');
    expect(linkProvider('https://bicep.bandcamp.com')).toBe('bandcamp');
    expect(linkProvider('https://www.instagram.com/bicep')).toBe('instagram');
    expect(linkProvider('https://bicep.com')).toBe('website');
    expect(linkProvider('no es una dirección')).toBeNull();
  });
});
