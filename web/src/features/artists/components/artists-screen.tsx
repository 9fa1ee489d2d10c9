import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { SearchIcon } from 'lucide-react';
import { paths } from '../../../config/paths';
import { useQuery } from '../../../lib/use-server-data';
import { searchArtists } from '../api/artists';
import './artist.css';

const PAGE = 60;

/** /artistas: every public artist, searched without minding accents or case ('Ame' finds 'Âme'). */
export function ArtistsScreen() {
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const [text, setText] = useState(query);
  // The address follows the box after a short pause, so the list is not asked for on every key.
  useEffect(() => {
    const timer = window.setTimeout(() => {
      if (text.trim() !== query) setParams(text.trim() ? { q: text.trim() } : {}, { replace: true });
    }, 250);
    return () => window.clearTimeout(timer);
  }, [text, query, setParams]);
  const {
    data,
    error,
    isLoading: loading,
    refetch: reload,
  } = useQuery({ queryKey: ['artists', query], queryFn: ({ signal }) => searchArtists(query, PAGE, signal) });

  return (
    <div className="page artists-page">
      <div className="container">
        <h1 className="page-title">Artistas</h1>
        <form className="artists-search" role="search" onSubmit={(e) => e.preventDefault()}>
          <label htmlFor="artist-search" className="visually-hidden">
            Buscar artista
          </label>
          <SearchIcon className="icon" aria-hidden="true" />
          <input
            id="artist-search"
            className="input"
            type="search"
            placeholder="Buscar artista"
            value={text}
            onChange={(e) => setText(e.target.value)}
            autoComplete="off"
          />
        </form>
        <div aria-live="polite">
          {error && !data ? (
            <p role="alert">
              No se pudieron cargar los artistas.{' '}
              <button type="button" className="btn btn-sm" onClick={reload}>
                Reintentar
              </button>
            </p>
          ) : loading && !data ? (
            <p className="muted" role="status">
              Cargando artistas...
            </p>
          ) : data && data.length === 0 ? (
            <p className="muted">No se encontraron artistas.</p>
          ) : data ? (
            <ul className="artist-list">
              {data.map((artist) => (
                <li key={artist.id} className="card artist-list-item">
                  <Link to={paths.artist(artist.id, artist.slug)}>{artist.name}</Link>
                  <span className="muted">
                    {[
                      artist.country,
                      artist.upcomingFestivals === 1
                        ? '1 festival próximo'
                        : artist.upcomingFestivals
                          ? `${artist.upcomingFestivals} festivales próximos`
                          : null,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
          {data && data.length === PAGE ? (
            <p className="muted">Se muestran los {PAGE} primeros: escribe para afinar la búsqueda.</p>
          ) : null}
        </div>
      </div>
    </div>
  );
}
