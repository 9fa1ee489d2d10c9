import { ExternalLinkIcon } from 'lucide-react';
import { formatDate } from '#core/dates';
import type { FactSource } from '#core/price-tier-schemas';

const authorLabels: Record<FactSource['entered_as'], string> = {
  admin: 'el equipo de Festivales',
  organizer: 'la organización',
  community: 'una corrección de la comunidad',
};

/** 'Verificado el 12 de enero de 2027 · Fuente · por la organización', or 'Sin confirmar' when nobody checked. */
export function FactSourceLine({
  source,
}: {
  source:
    | (Pick<FactSource, 'source_url' | 'verified_at'> & { entered_as: FactSource['entered_as'] | null })
    | null
    | undefined;
}) {
  if (!source?.verified_at && !source?.source_url) return <p className="fact-source muted">Sin confirmar</p>;
  return (
    <p className="fact-source muted">
      {source.verified_at ? (
        <>
          Verificado el <time dateTime={source.verified_at}>{formatDate(source.verified_at)}</time>
        </>
      ) : (
        'Sin fecha de verificación'
      )}
      {source.source_url ? (
        <>
          {' · '}
          <a href={source.source_url} target="_blank" rel="noopener nofollow">
            Fuente <ExternalLinkIcon className="icon" aria-hidden="true" />
            <span className="visually-hidden"> (se abre en una pestaña nueva)</span>
          </a>
        </>
      ) : null}
      {source.entered_as ? ` · por ${authorLabels[source.entered_as]}` : null}
    </p>
  );
}
