import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { formatDateRange } from '#core/dates';
import { paths } from '../../../config/paths';
import { proposeMessages } from '../messages';
import type { Festival } from '#core/response-schemas';

export interface Proposal {
  festival: Festival;
  images: number;
  imagesFailed: number;
}

/** The screen after a proposal is stored: what happens next, and how the images went. */
export function ProposeDone({ proposal, onAnother }: { proposal: Proposal; onAnother: () => void }) {
  const { festival, images, imagesFailed } = proposal;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="card propose-done" aria-labelledby="propose-done-title">
      <div className="propose-done-icon" aria-hidden="true">
        ✓
      </div>
      <h1 id="propose-done-title" ref={heading} tabIndex={-1} className="page-title">
        {proposeMessages.success}
      </h1>
      <p>
        Gracias por proponer <strong>{festival.name}</strong> ({formatDateRange(festival.start_date, festival.end_date)}
        ). Nuestro equipo lo revisará y te avisaremos con una notificación cuando se apruebe.
      </p>
      {images > 0 && (
        <p className={imagesFailed ? 'field-error' : 'muted'} role={imagesFailed ? 'alert' : undefined}>
          {imagesFailed
            ? `${proposeMessages.images} (${imagesFailed} de ${images})`
            : `${images} ${images === 1 ? 'imagen subida' : 'imágenes subidas'} con la propuesta.`}
        </p>
      )}
      <div className="propose-actions">
        <button type="button" className="btn btn-primary" onClick={onAnother}>
          Proponer otro festival
        </button>
        <Link className="btn" to={paths.home()}>
          Volver al inicio
        </Link>
      </div>
    </section>
  );
}
