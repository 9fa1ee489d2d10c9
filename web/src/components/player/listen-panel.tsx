import { useState } from 'react';
import type { Embed } from '#core/artist-embeds';
import { EmbedPlayer, providerNames } from './embed-player';

/**
 * 'Escuchar' on an artist's page: a placeholder naming the services that will load, one button per
 * player; the chosen player's frame is drawn only after that click.
 */
export function ListenPanel({ embeds, artistName }: { embeds: Embed[]; artistName: string }) {
  const [chosen, setChosen] = useState<Embed | null>(null);
  if (embeds.length === 0) return null;
  if (chosen) {
    return (
      <div>
        {embeds.length > 1 ? (
          <div className="listen-choices listen-bar" role="group" aria-label="Otros reproductores">
            {embeds
              .filter((embed) => embed !== chosen)
              .map((embed) => (
                <button key={embed.provider} type="button" className="btn btn-sm" onClick={() => setChosen(embed)}>
                  Escuchar en {providerNames[embed.provider]}
                </button>
              ))}
          </div>
        ) : null}
        <EmbedPlayer embed={chosen} artistName={artistName} />
      </div>
    );
  }
  const names = embeds.map((embed) => providerNames[embed.provider]);
  return (
    <div className="listen-placeholder">
      <p>
        Al pulsar «Escuchar» se cargará aquí el reproductor de {names.join(' o ')} de {artistName}. Hasta entonces no se
        pide nada a {names.length > 1 ? 'esos servicios' : 'ese servicio'}.
      </p>
      <div className="listen-choices">
        {embeds.map((embed) => (
          <button key={embed.provider} type="button" className="btn btn-primary" onClick={() => setChosen(embed)}>
            Escuchar en {providerNames[embed.provider]}
          </button>
        ))}
      </div>
    </div>
  );
}
