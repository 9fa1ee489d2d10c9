import { useState } from 'react';
import type { Embed } from '#core/artist-embeds';
import { apiRequest } from '../../lib/api-client';
import { useQuery } from '../../lib/use-server-data';
import { EmbedPlayer, providerNames } from './embed-player';
import { setListenQueue, useListenQueue } from '../../lib/listen-queue';

const embedsOf = (artistId: number, signal?: AbortSignal) =>
  apiRequest<{ embeds?: Embed[] }>(`/api/artists/${artistId}`, { signal }).then((artist) => artist.embeds ?? []);

/**
 * The queue's player, at the foot of every screen while a queue plays: the current artist's players
 * are asked of this site when they come up, and the chosen player's frame is the first request to
 * its service. 'Anterior' and 'Siguiente' move in the queue; 'Cerrar' ends it.
 */
export function ListenBar() {
  const queue = useListenQueue();
  const item = queue?.items[queue.index];
  const embeds = useQuery({
    queryKey: ['artist-embeds', item?.artistId],
    queryFn: ({ signal }) => embedsOf(item!.artistId, signal),
    enabled: Boolean(item),
  });
  const [choice, setChoice] = useState<{ artist: number; provider: Embed['provider'] } | null>(null);
  if (!queue || !item) return null;
  const list = embeds.data ?? [];
  const embed = list.find((e) => choice?.artist === item.artistId && e.provider === choice.provider) ?? list[0];
  const go = (index: number) => setListenQueue({ ...queue, index });
  return (
    <div className="listen-dock" role="region" aria-label="Reproductor del cartel">
      <div className="listen-bar">
        <p aria-live="polite">
          {queue.title}. Escuchando: <strong>{item.name}</strong> ({queue.index + 1} de {queue.items.length})
        </p>
        <div className="listen-choices">
          {list.length > 1
            ? list.map((e) => (
                <button
                  key={e.provider}
                  type="button"
                  className="btn btn-sm"
                  aria-pressed={e === embed}
                  onClick={() => setChoice({ artist: item.artistId, provider: e.provider })}
                >
                  {providerNames[e.provider]}
                </button>
              ))
            : null}
          <button type="button" className="btn btn-sm" disabled={queue.index === 0} onClick={() => go(queue.index - 1)}>
            Anterior
          </button>
          <button
            type="button"
            className="btn btn-sm"
            disabled={queue.index === queue.items.length - 1}
            onClick={() => go(queue.index + 1)}
          >
            Siguiente
          </button>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => setListenQueue(null)}>
            Cerrar
          </button>
        </div>
      </div>
      {embeds.isLoading ? (
        <p className="muted">Cargando el reproductor…</p>
      ) : embed ? (
        <EmbedPlayer key={embed.url} embed={embed} artistName={item.name} />
      ) : (
        <p className="muted">
          {embeds.error
            ? 'No se pudo cargar el reproductor.'
            : `${item.name} no tiene enlaces de SoundCloud, Bandcamp, YouTube ni Spotify que se puedan escuchar aquí.`}
        </p>
      )}
    </div>
  );
}
