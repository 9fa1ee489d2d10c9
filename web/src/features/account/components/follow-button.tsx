import { useEffect, useState } from 'react';
import { BellIcon, BellRingIcon } from 'lucide-react';
import { useToast } from '../../../components/toast/toast-provider';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { getFollows, unfollowArtist } from '../api/account';

/** 'Seguir' / 'Siguiendo' on an artist's page: an artist added to any lineup is then announced to the user. */
export function FollowButton({ artistId, artistName }: { artistId: number; artistName: string }) {
  const { user } = useAuth();
  const toast = useToast();
  const [known, setFollowing] = useState<boolean | null>(null);
  // Signed out, nobody follows anyone.
  const following = user ? known : false;
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!user) return;
    let live = true;
    getFollows().then(
      (r) => live && setFollowing(r.artists.some((a) => a.id === artistId)),
      () => live && setFollowing(false),
    );
    return () => {
      live = false;
    };
  }, [user, artistId]);
  const toggle = async () => {
    if (!user) return toast('Inicia sesión para seguir a este artista.', 'info');
    setBusy(true);
    try {
      if (following) {
        await unfollowArtist(artistId);
        setFollowing(false);
        toast(`Ya no sigues a ${artistName}.`);
      } else {
        await apiRequest(`/api/follows/artists/${artistId}`, { method: 'POST' });
        setFollowing(true);
        toast(`Sigues a ${artistName}: te avisaremos cuando se anuncie en un festival.`);
      }
    } catch (e) {
      toast(e instanceof ApiError ? e.message : 'No se pudo cambiar el seguimiento.', 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className={following ? 'btn btn-primary' : 'btn'}
      aria-pressed={Boolean(following)}
      disabled={busy || following === null}
      onClick={() => void toggle()}
    >
      {following ? (
        <BellRingIcon className="icon" aria-hidden="true" />
      ) : (
        <BellIcon className="icon" aria-hidden="true" />
      )}
      {following ? 'Siguiendo' : 'Seguir'}
    </button>
  );
}
