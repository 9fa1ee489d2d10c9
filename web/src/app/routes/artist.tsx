import { ArtistScreen } from '../../features/artists/components/artist-screen';

/**
 * /artista/{id}/{slug}. Actions of other features (following the artist) are passed in through
 * `renderActions` and shown beside 'Compartir'.
 */
export function ArtistRoute() {
  return <ArtistScreen />;
}
