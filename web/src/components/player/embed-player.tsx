import type { Embed, EmbedProvider } from '#core/artist-embeds';
import './player.css';

export const providerNames: Record<EmbedProvider, string> = {
  soundcloud: 'SoundCloud',
  bandcamp: 'Bandcamp',
  youtube: 'YouTube',
  spotify: 'Spotify',
};

/** What 'Escuchar' loads, said before anything is asked of those services. */
export const listenNotice =
  "'Escuchar' carga el reproductor de SoundCloud, Bandcamp, YouTube o Spotify del artista: hasta que lo pulsas no se pide nada a esos servicios.";

/** A provider's player, drawn only once the visitor asked for it (the frame's first request goes to its host). */
export function EmbedPlayer({ embed, artistName }: { embed: Embed; artistName: string }) {
  const video = embed.provider === 'youtube';
  return (
    <iframe
      className={video ? 'embed-player is-video' : 'embed-player'}
      src={embed.url}
      title={`Reproductor de ${providerNames[embed.provider]}: ${artistName}`}
      allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
      referrerPolicy="strict-origin-when-cross-origin"
      loading="eager"
    />
  );
}
