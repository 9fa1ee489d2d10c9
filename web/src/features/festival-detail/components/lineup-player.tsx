import { useState } from 'react';
import type { Embed } from '#core/artist-embeds';
import type { LineupEntry } from '#core/lineup-types';
import { EmbedPlayer, providerNames } from '../../../components/player/embed-player';
import { useQuery } from '../../../lib/use-server-data';
import { getArtistEmbeds } from '../api/festival';

/**
 * The lineup's player: the artist whose 'Escuchar' was pressed, with 'Anterior' and 'Siguiente'
 * through the lineup in the order it is shown. The artist's players are asked for (to this site)
 * on that click, and the chosen player's frame is the first request to its service.
 */
export function LineupPlayer({
  queue,
  current,
  onChange,
}: {
  queue: LineupEntry[];
  current: number;
  onChange: (index: number | null) => void;
}) {
  const entry = queue[current];
  const artist = entry.artist;
  const embeds = useQuery({
    queryKey: ['artist-embeds', artist.id],
    queryFn: ({ signal }) => getArtistEmbeds(artist.id, signal),
  });
  const [choice, setChoice] = useState<{ artist: number; provider: Embed['provider'] } | null>(null);
  const list = embeds.data ?? [];
  const embed = list.find((e) => choice?.artist === artist.id && e.provider === choice.provider) ?? list[0];
  return (
    <div className="lineup-player" role="region" aria-label="Reproductor del cartel">
      <div className="listen-bar">
        <p aria-live="polite">
          Escuchando: <strong>{artist.name}</strong> ({current + 1} de {queue.length})
        </p>
        <div className="listen-choices">
          <button type="button" className="btn btn-sm" disabled={current === 0} onClick={() => onChange(current - 1)}>
            Anterior
          </button>
          <button
            type="button"
            className="btn btn-sm"
            disabled={current === queue.length - 1}
            onClick={() => onChange(current + 1)}
          >
            Siguiente
          </button>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => onChange(null)}>
            Cerrar
          </button>
        </div>
      </div>
      {embeds.isLoading ? (
        <p className="muted">Cargando el reproductor…</p>
      ) : embed ? (
        <>
          {list.length > 1 ? (
            <div className="listen-choices listen-bar" role="group" aria-label="Reproductores">
              {list.map((e) => (
                <button
                  key={e.provider}
                  type="button"
                  className="btn btn-sm"
                  aria-pressed={e === embed}
                  onClick={() => setChoice({ artist: artist.id, provider: e.provider })}
                >
                  {providerNames[e.provider]}
                </button>
              ))}
            </div>
          ) : null}
          <EmbedPlayer key={embed.url} embed={embed} artistName={artist.name} />
        </>
      ) : (
        <p className="muted">
          {embeds.error
            ? 'No se pudo cargar el reproductor.'
            : `${artist.name} no tiene enlaces de SoundCloud, Bandcamp, YouTube ni Spotify que se puedan escuchar aquí.`}
        </p>
      )}
    </div>
  );
}
