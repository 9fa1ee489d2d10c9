/**
 * An artist's links and the players they make: a SoundCloud or Spotify profile, a YouTube video,
 * playlist or channel, a Bandcamp player address. Pure: the server puts them in the artist's answer,
 * the Content-Security-Policy allows exactly these players' hosts in frames.
 */

export const embedProviders = ['soundcloud', 'bandcamp', 'youtube', 'spotify'] as const;
export type EmbedProvider = (typeof embedProviders)[number];

/** Where each player is served from: the CSP's frame-src names these and nothing else of theirs. */
export const EMBED_ORIGINS: Record<EmbedProvider, string> = {
  soundcloud: 'https://w.soundcloud.com',
  bandcamp: 'https://bandcamp.com',
  youtube: 'https://www.youtube-nocookie.com',
  spotify: 'https://open.spotify.com',
};

export interface ArtistLinkFields {
  soundcloud: string | null;
  bandcamp: string | null;
  youtube: string | null;
  spotify: string | null;
  resident_advisor: string | null;
  website: string | null;
  instagram: string | null;
}

/** No link at all: what a partial set of links is completed with. */
export const NO_LINKS: ArtistLinkFields = {
  soundcloud: null,
  bandcamp: null,
  youtube: null,
  spotify: null,
  resident_advisor: null,
  website: null,
  instagram: null,
};

export interface Embed {
  provider: EmbedProvider;
  url: string;
}

export const artistLinks = (a: ArtistLinkFields): ArtistLinkFields => ({
  soundcloud: a.soundcloud,
  bandcamp: a.bandcamp,
  youtube: a.youtube,
  spotify: a.spotify,
  resident_advisor: a.resident_advisor,
  website: a.website,
  instagram: a.instagram,
});

const parse = (link: string | null) => {
  if (!link) return null;
  try {
    const url = new URL(link);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
};
const host = (url: URL) => url.hostname.toLowerCase().replace(/^(www\.|m\.)/, '');
const idPattern = /^[A-Za-z0-9_-]{6,64}$/;

function soundcloud(link: string | null): string | null {
  const url = parse(link);
  if (!url || host(url) !== 'soundcloud.com' || url.pathname.split('/').filter(Boolean).length === 0) return null;
  const profile = `https://soundcloud.com${url.pathname.replace(/\/+$/, '')}`;
  return `/player/?url=${encodeURIComponent(profile)}&color=%23ff2bd6&auto_play=true&visual=true`;
}

function spotify(link: string | null): string | null {
  const url = parse(link);
  if (!url || host(url) !== 'open.spotify.com') return null;
  const [kind, id] = url.pathname.split('/').filter((part) => part && !part.startsWith('intl-'));
  if (!['artist', 'album', 'playlist', 'track'].includes(kind) || !idPattern.test(id ?? '')) return null;
  return `/embed/${kind}/${id}`;
}

function youtube(link: string | null): string | null {
  const url = parse(link);
  if (!url) return null;
  const name = host(url);
  const list = url.searchParams.get('list');
  let video: string | null = null;
  if (name === 'youtu.be') video = url.pathname.slice(1);
  else if (name === 'youtube.com' || name === 'music.youtube.com') {
    if (url.pathname === '/watch') video = url.searchParams.get('v');
    else if (url.pathname.startsWith('/embed/')) video = url.pathname.slice('/embed/'.length);
    else if (url.pathname.startsWith('/channel/UC')) {
      // A channel's uploads are the playlist whose id is the channel's with 'UU' for 'UC'.
      const channel = url.pathname.split('/')[2];
      if (idPattern.test(channel)) return `/embed/videoseries?list=UU${channel.slice(2)}`;
    }
  } else return null;
  if (video && idPattern.test(video)) return `/embed/${video}?autoplay=1`;
  if (list && idPattern.test(list)) return `/embed/videoseries?list=${list}&autoplay=1`;
  return null;
}

/** Bandcamp plays an album or track by its number: only a player address (EmbeddedPlayer/...) is embeddable. */
function bandcamp(link: string | null): string | null {
  const url = parse(link);
  if (!url || host(url) !== 'bandcamp.com' || !/^\/EmbeddedPlayer\/(album|track)=\d+[\w=/#-]*$/.test(url.pathname))
    return null;
  return url.pathname;
}

/**
 * The players an artist's links make, in the order 'Escuchar' offers them. `origin` replaces the
 * providers' origins (a stand-in player on loopback in the browser tests).
 */
export function artistEmbeds(a: ArtistLinkFields, origin?: string): Embed[] {
  const paths: Record<EmbedProvider, string | null> = {
    soundcloud: soundcloud(a.soundcloud),
    bandcamp: bandcamp(a.bandcamp),
    youtube: youtube(a.youtube),
    spotify: spotify(a.spotify),
  };
  return embedProviders.flatMap((provider) => {
    const path = paths[provider];
    return path ? [{ provider, url: `${origin ?? EMBED_ORIGINS[provider]}${path}` }] : [];
  });
}

/** The provider a pasted profile address belongs to, for the lineup paste ('Amelie Lens https://soundcloud.com/amelielens'). */
export function linkProvider(link: string): keyof ArtistLinkFields | null {
  const url = parse(link);
  if (!url) return null;
  const name = host(url);
  if (name === 'soundcloud.com') return 'soundcloud';
  if (name === 'open.spotify.com') return 'spotify';
  if (name === 'youtube.com' || name === 'youtu.be' || name === 'music.youtube.com') return 'youtube';
  if (name === 'bandcamp.com' || name.endsWith('.bandcamp.com')) return 'bandcamp';
  if (name === 'ra.co' || name === 'residentadvisor.net') return 'resident_advisor';
  if (name === 'instagram.com') return 'instagram';
  return 'website';
}
