import { markdownToText, truncateText } from './text';
import { slugify } from './slug';
import { artistPath } from './lineup-view';
import { amenityFeatures, offersJsonLd, typicalAgeRange } from './share-trip-facts';
import type { ArtistDetail, FestivalEditionFields } from './lineup-types';
import type { Festival } from './response-schemas';

/** A shared link's title: '{name} - {product}'. */
export const PRODUCT_NAME = 'Festivales';
/** A link preview's description is cut to 160 characters. */
export const SHARE_DESCRIPTION_LENGTH = 160;
/**
 * Characters of markdown read for that description: plenty for 160 characters of text after
 * links and markup are dropped, and a fixed cost per anonymous page view however long the
 * description is.
 */
export const SHARE_MARKDOWN_INPUT = 4000;
/** Shown when a festival has no image of its own (1200x630, served by the SPA's public files). */
export const DEFAULT_SHARE_IMAGE = '/images/og-default.png';

export type ShareFestival = Pick<
  Festival,
  | 'id'
  | 'name'
  | 'description'
  | 'location'
  | 'address'
  | 'start_date'
  | 'end_date'
  | 'website'
  | 'image_url'
  | 'latitude'
  | 'longitude'
  | 'hasValidCoordinates'
> &
  Partial<Pick<FestivalEditionFields, 'edition' | 'lineup' | 'tickets' | 'tiers' | 'conditions' | 'accessibility'>>;

/** Performers named in the JSON-LD: the head of the poster is what previews and search engines use. */
export const SHARE_PERFORMERS = 50;

export interface ShareMeta {
  title: string;
  description: string;
  /** Canonical absolute URL of the festival page. */
  url: string;
  /** Absolute image URL. */
  image: string;
  imageAlt: string;
  /** schema.org Event, ready for JSON.stringify. */
  jsonLd: Record<string, unknown>;
}

/** The festival page path with its name slug (same rule as the SPA's paths.festival). */
export function festivalPath(id: number, name?: string | null): string {
  const slug = name ? slugify(name) : '';
  return slug ? `/festival/${id}/${slug}` : `/festival/${id}`;
}

/** An absolute URL for a stored or relative image; absolute http(s) URLs are kept. */
export function absoluteUrl(url: string, baseUrl: string): string {
  if (/^https?:\/\//i.test(url)) return url;
  if (url.startsWith('//')) return `https:${url}`;
  return `${baseUrl.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
}

export function shareDescription(festival: Pick<ShareFestival, 'name' | 'description' | 'location'>): string {
  const text = markdownToText(festival.description, SHARE_MARKDOWN_INPUT);
  const fallback = `${festival.name}${festival.location ? ` en ${festival.location}` : ''}: fechas, ubicación, valoraciones y fotos en ${PRODUCT_NAME}.`;
  return truncateText(text || fallback, SHARE_DESCRIPTION_LENGTH);
}

/** Everything a link preview needs for a festival (title, description, Open Graph and Twitter card tags, a structured Event record). */
export function festivalShareMeta(festival: ShareFestival, baseUrl: string): ShareMeta {
  const base = baseUrl.replace(/\/+$/, '');
  const url = `${base}${festivalPath(festival.id, festival.name)}`;
  const image = absoluteUrl(festival.image_url || DEFAULT_SHARE_IMAGE, base);
  const description = shareDescription(festival);
  const coordinates =
    festival.hasValidCoordinates && festival.latitude != null && festival.longitude != null
      ? { geo: { '@type': 'GeoCoordinates', latitude: festival.latitude, longitude: festival.longitude } }
      : {};
  // Headliners first, as on the page.
  const lineup = [...(festival.lineup ?? [])].sort(
    (a, b) => Number(b.billing === 'headliner') - Number(a.billing === 'headliner'),
  );
  const performer = lineup.slice(0, SHARE_PERFORMERS).map((entry) => ({
    '@type': 'MusicGroup',
    name: entry.artist.name,
    url: `${base}${artistPath(entry.artist.id, entry.artist.slug)}`,
  }));
  const offers = offersJsonLd(festival);
  const ageRange = typicalAgeRange(festival);
  const features = amenityFeatures(festival);
  const jsonLd: Record<string, unknown> = {
    '@context': 'https://schema.org',
    // A music festival: search engines read either type's fields (performers, offers).
    '@type': ['MusicEvent', 'Festival'],
    name: festival.name,
    description,
    url,
    image: [image],
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    eventStatus:
      festival.edition?.status === 'cancelled'
        ? 'https://schema.org/EventCancelled'
        : 'https://schema.org/EventScheduled',
    ...(festival.start_date ? { startDate: festival.start_date } : {}),
    ...(festival.end_date || festival.start_date ? { endDate: festival.end_date || festival.start_date } : {}),
    location: {
      '@type': 'Place',
      name: festival.location || festival.name,
      address: festival.address || festival.location || undefined,
      ...coordinates,
      ...(features.length ? { amenityFeature: features } : {}),
    },
    ...(ageRange ? { typicalAgeRange: ageRange } : {}),
    ...(festival.website ? { sameAs: festival.website } : {}),
    ...(performer.length ? { performer } : {}),
    ...(offers ? { offers } : {}),
  };
  return {
    title: `${festival.name} - ${PRODUCT_NAME}`,
    description,
    url,
    image,
    imageAlt: `Imagen de ${festival.name}`,
    jsonLd,
  };
}

export type ShareArtist = Pick<
  ArtistDetail,
  | 'id'
  | 'name'
  | 'slug'
  | 'country'
  | 'genres'
  | 'photo_url'
  | 'website'
  | 'instagram'
  | 'soundcloud'
  | 'spotify'
  | 'resident_advisor'
  | 'bandcamp'
  | 'upcoming'
>;

/** An artist page's preview: '{name} - Festivales', where they play next, a schema.org MusicGroup. */
export function artistShareMeta(artist: ShareArtist, baseUrl: string): ShareMeta {
  const base = baseUrl.replace(/\/+$/, '');
  const url = `${base}${artistPath(artist.id, artist.slug)}`;
  const image = absoluteUrl(artist.photo_url || DEFAULT_SHARE_IMAGE, base);
  const about = [artist.country, artist.genres.slice(0, 3).join(', ')].filter(Boolean).join(' · ');
  const next = artist.upcoming.map((a) => a.festival.name);
  const plays = next.length
    ? `Próximos festivales: ${[...new Set(next)].join(', ')}.`
    : `Sus festivales en ${PRODUCT_NAME}.`;
  const description = truncateText(`${artist.name}${about ? ` (${about})` : ''}. ${plays}`, SHARE_DESCRIPTION_LENGTH);
  const links = [
    artist.website,
    artist.instagram,
    artist.soundcloud,
    artist.spotify,
    artist.resident_advisor,
    artist.bandcamp,
  ].filter((v): v is string => !!v);
  return {
    title: `${artist.name} - ${PRODUCT_NAME}`,
    description,
    url,
    image,
    imageAlt: artist.photo_url ? `Foto de ${artist.name}` : `${PRODUCT_NAME}: música electrónica`,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'MusicGroup',
      name: artist.name,
      url,
      image,
      description,
      ...(artist.genres.length ? { genre: artist.genres } : {}),
      ...(links.length ? { sameAs: links } : {}),
    },
  };
}
