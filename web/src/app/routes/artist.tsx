import { FollowButton } from '../../features/account/components/follow-button';
import { ArtistScreen } from '../../features/artists/components/artist-screen';

/**
 * /artista/{id}/{slug}. Actions of other features (following the artist) are passed in through
 * `renderActions` and shown beside 'Compartir'.
 */
export function ArtistRoute() {
  return <ArtistScreen renderActions={(artist) => <FollowButton artistId={artist.id} artistName={artist.name} />} />;
}
