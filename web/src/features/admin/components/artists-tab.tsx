import { useEffect, useId, useState, type FormEvent } from 'react';
import { Modal } from '../../../components/ui/modal';
import { paths } from '../../../config/paths';
import { artistLinkLabels } from '#core/lineup-view';
import { createArtist, deleteArtist, mergeArtist, updateArtist } from '../api/lineup-api';
import { findArtists } from '../../../components/editions/editions-api';
import { ArtistPicker } from '../../../components/editions/artist-picker';
import { errorMessage, FieldError, SavedNotice, useFormAction } from '../../../components/editions/form-status';
import type { ArtistListItem } from '#core/lineup-types';
import '../../../components/editions/editions-editor.css';

type Values = Record<'name' | 'country' | 'genres' | 'photo_url' | (typeof artistLinkLabels)[number][0], string>;

function valuesOf(artist: ArtistListItem | null): Values {
  return {
    name: artist?.name ?? '',
    country: artist?.country ?? '',
    genres: artist?.genres.join(', ') ?? '',
    photo_url: artist?.photo_url ?? '',
    website: artist?.website ?? '',
    instagram: artist?.instagram ?? '',
    soundcloud: artist?.soundcloud ?? '',
    spotify: artist?.spotify ?? '',
    resident_advisor: artist?.resident_advisor ?? '',
    bandcamp: artist?.bandcamp ?? '',
    youtube: artist?.youtube ?? '',
  };
}

function ArtistForm({
  artist,
  onClose,
  onSaved,
}: {
  artist: ArtistListItem | null;
  onClose: () => void;
  onSaved: (text: string) => void;
}) {
  const uid = useId();
  const [values, setValues] = useState(() => valuesOf(artist));
  const { busy, error, run } = useFormAction();
  const [mergeInto, setMergeInto] = useState<{ id: number; name: string } | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      ...Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim() || null])),
      name: values.name,
      genres: values.genres
        .split(',')
        .map((g) => g.trim())
        .filter(Boolean),
    };
    void run(async () => {
      if (artist) await updateArtist(artist.id, body);
      else await createArtist(body);
      onSaved(artist ? `Artista «${values.name}» guardado` : `Artista «${values.name}» creado`);
    });
  };
  const merge = () => {
    if (!artist || !mergeInto) return;
    if (
      !window.confirm(
        `¿Fusionar «${artist.name}» en «${mergeInto.name}»? Sus carteles pasan a «${mergeInto.name}» y «${artist.name}» se elimina.`,
      )
    )
      return;
    void run(async () => {
      await mergeArtist(artist.id, mergeInto.id);
      onSaved(`«${artist.name}» fusionado en «${mergeInto.name}»`);
    });
  };
  const remove = () => {
    if (!artist || !window.confirm(`¿Eliminar a «${artist.name}»?`)) return;
    void run(async () => {
      await deleteArtist(artist.id);
      onSaved(`Artista «${artist.name}» eliminado`);
    });
  };
  const input = (key: keyof Values, label: string, type = 'text') => (
    <div className="field">
      <label htmlFor={`${uid}-${key}`}>{label}</label>
      <input
        id={`${uid}-${key}`}
        className="input"
        type={type}
        value={values[key]}
        required={key === 'name'}
        onChange={(e) => setValues({ ...values, [key]: e.target.value })}
      />
    </div>
  );

  return (
    <Modal
      title={artist ? `Editar artista: ${artist.name}` : 'Nuevo artista'}
      onClose={busy ? () => undefined : onClose}
    >
      <div className="editions-editor">
        <form onSubmit={submit}>
          <fieldset disabled={busy} className="editor-grid" style={{ border: 0, padding: 0, margin: 0 }}>
            {input('name', 'Nombre')}
            {input('country', 'País')}
            {input('genres', 'Géneros (separados por comas)')}
            {input('photo_url', 'Foto (URL)', 'url')}
            {artistLinkLabels.map(([key, label]) => (
              <div key={key}>{input(key, label, 'url')}</div>
            ))}
          </fieldset>
          <FieldError error={error} />
          <div className="editor-actions">
            {artist ? (
              <button type="button" className="btn btn-sm btn-ghost admin-danger-text" onClick={remove} disabled={busy}>
                Eliminar artista
              </button>
            ) : null}
            <button type="button" className="btn btn-sm" onClick={onClose} disabled={busy}>
              Cancelar
            </button>
            <button type="submit" className="btn btn-sm btn-primary" disabled={busy}>
              {artist ? 'Guardar cambios' : 'Crear artista'}
            </button>
          </div>
        </form>
        {artist ? (
          <section className="editor-block" aria-label="Fusionar duplicado">
            <h3>Fusionar duplicado</h3>
            <p className="muted">
              Si este artista está repetido, elige el que se queda: sus carteles pasan a ese y este se elimina.
            </p>
            <ArtistPicker
              label="Fusionar en"
              actionLabel="Elegir"
              exclude={artist.id}
              onPick={(choice) => (choice.id ? setMergeInto({ id: choice.id, name: choice.name }) : undefined)}
            />
            {mergeInto ? (
              <div className="editor-actions">
                <button type="button" className="btn btn-sm btn-primary" onClick={merge} disabled={busy}>
                  Fusionar en «{mergeInto.name}»
                </button>
              </div>
            ) : null}
          </section>
        ) : null}
      </div>
    </Modal>
  );
}

/** 'Artistas' in the admin panel: search, create, edit, merge duplicates. */
export function ArtistsTab() {
  const [search, setSearch] = useState('');
  const [artists, setArtists] = useState<ArtistListItem[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<ArtistListItem | null | undefined>(undefined);
  const [saved, setSaved] = useState<string | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      findArtists(search, 50, controller.signal)
        .then((list) => {
          setArtists(list);
          setError(null);
        })
        .catch((e) => {
          if ((e as Error).name !== 'AbortError') setError(errorMessage(e));
        });
    }, 200);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [search, version]);

  return (
    <div className="admin-artists">
      <div className="editor-actions" style={{ justifyContent: 'space-between', marginBottom: 14 }}>
        <div className="field" style={{ flex: 1, maxWidth: 420 }}>
          <label htmlFor="admin-artist-search">Buscar artista</label>
          <input
            id="admin-artist-search"
            className="input"
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <button type="button" className="btn btn-sm btn-primary" onClick={() => setEditing(null)}>
          Nuevo artista
        </button>
      </div>
      <SavedNotice saved={saved} />
      {error ? (
        <p className="admin-alert admin-alert-error" role="alert">
          {error}
        </p>
      ) : !artists ? (
        <p role="status">Cargando artistas...</p>
      ) : artists.length === 0 ? (
        <p className="muted">No se encontraron artistas.</p>
      ) : (
        <ul className="artists-admin-list">
          {artists.map((a) => (
            <li key={a.id} className="card artists-admin-item">
              <span>
                <a href={paths.artist(a.id, a.slug)} target="_blank" rel="noopener noreferrer">
                  {a.name}
                </a>{' '}
                <span className="muted">
                  {[a.country, a.genres.join(', '), `${a.upcomingFestivals} próximos`].filter(Boolean).join(' · ')}
                </span>
              </span>
              <button type="button" className="btn btn-sm btn-ghost" onClick={() => setEditing(a)}>
                Editar<span className="visually-hidden"> {a.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {editing !== undefined ? (
        <ArtistForm
          artist={editing}
          onClose={() => setEditing(undefined)}
          onSaved={(text) => {
            setEditing(undefined);
            setSaved(text);
            setVersion((v) => v + 1);
          }}
        />
      ) : null}
    </div>
  );
}
