import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth';
import { invalidateFestivals } from '../../../lib/query-keys';
import { EditionsApiContext, organizerEditionsApi } from '../../../components/editions/editions-api';
import { EditionsPanel } from '../../../components/editions/editions-panel';
import { FieldError, SavedNotice, useFormAction } from '../../../components/editions/form-status';
import { postUpdate, requestIdentityChange, saveFestival, type OrganizedFestival } from '../api/organizer';
import { DetectedChanges } from '../../../components/imports/detected-changes';
import { ImportPanel } from '../../../components/imports/import-panel';
import { LivePanel } from './live-panel';

type Fields = 'description' | 'website' | 'imageUrl' | 'genres' | 'transportation' | 'parking_info' | 'accommodation';

const fieldLabels: Record<Fields, string> = {
  description: 'Descripción (Markdown)',
  website: 'Sitio web oficial',
  imageUrl: 'Imagen (URL)',
  genres: 'Géneros (separados por comas)',
  transportation: 'Cómo llegar',
  parking_info: 'Información de aparcamiento',
  accommodation: 'Alojamiento recomendado',
};
const longFields = new Set<Fields>(['description', 'transportation', 'parking_info', 'accommodation']);

/** One festival on the desk: its own facts, editions and lineup, 'Novedades', changes on the day, and a request for what only admins change. */
export function FestivalDesk({ festival, onChanged }: { festival: OrganizedFestival; onChanged: () => void }) {
  const uid = useId();
  const { user } = useAuth();
  const [values, setValues] = useState<Record<Fields, string>>({
    description: festival.description ?? '',
    website: festival.website ?? '',
    imageUrl: festival.image_url ?? '',
    genres: festival.genres.join(', '),
    transportation: festival.transportation ?? '',
    parking_info: festival.parking_info ?? '',
    accommodation: festival.accommodation ?? '',
  });
  const [saved, setSaved] = useState<string | null>(null);
  const facts = useFormAction();
  const news = useFormAction();
  const identity = useFormAction();
  const [update, setUpdate] = useState({ title: '', body: '', image_url: '' });
  const [identityText, setIdentityText] = useState('');

  const saveFacts = (event: FormEvent) => {
    event.preventDefault();
    void facts.run(async () => {
      await saveFestival(festival.id, { ...values, genres: values.genres });
      invalidateFestivals();
      onChanged();
      setSaved('Datos del festival publicados');
    });
  };
  const publish = (event: FormEvent) => {
    event.preventDefault();
    void news.run(async () => {
      await postUpdate(festival.id, { ...update, image_url: update.image_url || null });
      setUpdate({ title: '', body: '', image_url: '' });
      setSaved('Novedad publicada: les llega a quienes siguen el festival');
    });
  };
  const askIdentity = (event: FormEvent) => {
    event.preventDefault();
    void identity.run(async () => {
      await requestIdentityChange({
        name: user?.name ?? 'Organización',
        email: user?.email ?? '',
        subject: `Cambio de nombre, lugar o coordenadas: ${festival.name} (${festival.id})`,
        message: identityText,
      });
      setIdentityText('');
      setSaved('Petición enviada a administración');
    });
  };

  return (
    <div className="organizer-desk">
      <header className="organizer-desk-head">
        <h2>{festival.name}</h2>
        <Link to={paths.festival(festival.id, festival.name)}>Ver la página del festival</Link>
      </header>
      <SavedNotice saved={saved} />

      <form className="card organizer-section" onSubmit={saveFacts} aria-labelledby={`${uid}-facts`}>
        <h3 id={`${uid}-facts`}>Datos del festival</h3>
        {(Object.keys(fieldLabels) as Fields[]).map((key) => (
          <div className="field" key={key}>
            <label htmlFor={`${uid}-${key}`}>{fieldLabels[key]}</label>
            {longFields.has(key) ? (
              <textarea
                id={`${uid}-${key}`}
                className="input"
                rows={key === 'description' ? 6 : 3}
                value={values[key]}
                onChange={(e) => setValues({ ...values, [key]: e.target.value })}
              />
            ) : (
              <input
                id={`${uid}-${key}`}
                className="input"
                value={values[key]}
                onChange={(e) => setValues({ ...values, [key]: e.target.value })}
              />
            )}
          </div>
        ))}
        <FieldError error={facts.error} />
        <button type="submit" className="btn btn-primary" disabled={facts.busy}>
          Publicar cambios
        </button>
      </form>

      <section className="card organizer-section" aria-labelledby={`${uid}-editions`}>
        <h3 id={`${uid}-editions`}>Ediciones, cartel y entradas</h3>
        <EditionsApiContext.Provider value={organizerEditionsApi}>
          <EditionsPanel festival={festival} onChanged={onChanged} />
        </EditionsApiContext.Provider>
      </section>

      <section className="card organizer-section" aria-labelledby={`${uid}-import`}>
        <h3 id={`${uid}-import`}>Importar desde tu web oficial</h3>
        <p className="muted">
          Si tu web publica los datos del evento (JSON-LD, un calendario .ics u Open Graph), los leemos y eliges qué
          aplicar.
        </p>
        <ImportPanel
          festivalId={festival.id}
          identityAllowed={false}
          onApplied={() => {
            invalidateFestivals();
            onChanged();
          }}
        />
      </section>

      <DetectedChanges
        base="/api/organizer"
        festivalId={festival.id}
        onApplied={() => {
          invalidateFestivals();
          onChanged();
        }}
      />

      <LivePanel festival={festival} />

      <form className="card organizer-section" onSubmit={publish} aria-labelledby={`${uid}-news`}>
        <h3 id={`${uid}-news`}>Publicar una novedad</h3>
        <p className="muted">
          Sale en la página del festival y en su canal RSS, y llega a quienes lo tienen en favoritos.
        </p>
        <div className="field">
          <label htmlFor={`${uid}-title`}>Título</label>
          <input
            id={`${uid}-title`}
            className="input"
            maxLength={120}
            required
            value={update.title}
            onChange={(e) => setUpdate({ ...update, title: e.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${uid}-body`}>Texto (Markdown)</label>
          <textarea
            id={`${uid}-body`}
            className="input"
            rows={5}
            maxLength={2000}
            required
            value={update.body}
            onChange={(e) => setUpdate({ ...update, body: e.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${uid}-image`}>Imagen (URL, opcional)</label>
          <input
            id={`${uid}-image`}
            className="input"
            value={update.image_url}
            onChange={(e) => setUpdate({ ...update, image_url: e.target.value })}
          />
        </div>
        <FieldError error={news.error} />
        <button type="submit" className="btn btn-primary" disabled={news.busy}>
          Publicar novedad
        </button>
      </form>

      <form className="card organizer-section" onSubmit={askIdentity} aria-labelledby={`${uid}-identity`}>
        <h3 id={`${uid}-identity`}>Nombre, lugar o coordenadas</h3>
        <p className="muted">
          Son la identidad del festival ({festival.name}, {festival.location ?? 'sin lugar'}): los cambia
          administración.
        </p>
        <div className="field">
          <label htmlFor={`${uid}-identity-text`}>¿Qué hay que cambiar?</label>
          <textarea
            id={`${uid}-identity-text`}
            className="input"
            rows={3}
            required
            value={identityText}
            onChange={(e) => setIdentityText(e.target.value)}
          />
        </div>
        <FieldError error={identity.error} />
        <button type="submit" className="btn" disabled={identity.busy}>
          Pedir el cambio
        </button>
      </form>
    </div>
  );
}
