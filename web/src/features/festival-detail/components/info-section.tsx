import { Suspense } from 'react';
import { formatDateRange } from '#core/dates';
import { formatRating, Stars } from '../../../components/ui/stars';
import type { Festival } from '#core/response-schemas';
import type { ImportSource } from '#core/lineup-types';
import { MarkdownText, PlainText } from './lazy-markdown';
import { SourceNote } from './source-note';

/** The festival page's info section: Datos generales, Valoraciones, Descripción. */
export function InfoSection({ festival }: { festival: Festival & { sources?: ImportSource[] } }) {
  const genres = festival.genres ?? [];
  const rated = festival.averageRating > 0;
  return (
    <section id="informacion" className="detail-section" tabIndex={-1} aria-labelledby="informacion-title">
      <h2 id="informacion-title" className="section-title">
        Información
      </h2>
      <div className="info-grid">
        <div className="card info-card">
          <h3>Datos generales</h3>
          <dl className="facts">
            <div>
              <dt>Nombre</dt>
              <dd>{festival.name}</dd>
            </div>
            <div>
              <dt>Ubicación</dt>
              <dd>{festival.location || 'No especificada'}</dd>
            </div>
            <div>
              <dt>Fecha</dt>
              <dd>{formatDateRange(festival.start_date, festival.end_date)}</dd>
            </div>
            <div>
              <dt>Géneros</dt>
              <dd>{genres.length ? genres.join(', ') : 'No especificados'}</dd>
            </div>
            {festival.website ? (
              <div>
                <dt>Sitio web</dt>
                <dd>
                  <a href={festival.website} target="_blank" rel="noopener noreferrer" className="break">
                    {festival.website.replace(/^https?:\/\//, '').replace(/\/$/, '')}
                  </a>
                </dd>
              </div>
            ) : null}
          </dl>
          <SourceNote sources={festival.sources} groups={['festival']} />
        </div>
        <div className="card info-card rating-card">
          <h3>Valoraciones</h3>
          {rated ? (
            <div className="rating-summary">
              <span className="rating-big">{formatRating(festival.averageRating)}</span>
              <div>
                <Stars value={festival.averageRating} className="stars-lg" />
                <p className="muted">({festival.ratingsCount} valoraciones)</p>
              </div>
            </div>
          ) : (
            <p className="muted">Sin valoraciones aún</p>
          )}
        </div>
      </div>
      <div className="card info-card description-card">
        <h3>Descripción</h3>
        {festival.description?.trim() ? (
          <Suspense fallback={<PlainText>{festival.description}</PlainText>}>
            <MarkdownText>{festival.description}</MarkdownText>
          </Suspense>
        ) : (
          <p className="muted">Sin descripción disponible</p>
        )}
      </div>
    </section>
  );
}
