import type { SimilarFestival } from './responses/discover';

/** How many shared artists the reason names before '…'. */
const NAMED = 3;

/**
 * The line under a similar festival's card: the artists it shares ('Comparten 12 artistas: Amelie
 * Lens, Bicep, …'), else its style ('Mismo estilo: techno, minimal'), else how close it is.
 */
export function similarReasonText(reasons: SimilarFestival['reasons']): string {
  const artists = reasons.shared_artists;
  if (artists.length > 0) {
    const names = artists.slice(0, NAMED).map((a) => a.name);
    if (artists.length > NAMED) names.push('…');
    const count = artists.length === 1 ? 'Comparten 1 artista' : `Comparten ${artists.length} artistas`;
    return `${count}: ${names.join(', ')}`;
  }
  if (reasons.genres.length > 0) return `Mismo estilo: ${reasons.genres.map((g) => g.toLowerCase()).join(', ')}`;
  if (reasons.distance_km !== null) return `A ${Math.round(reasons.distance_km)} km`;
  return '';
}
