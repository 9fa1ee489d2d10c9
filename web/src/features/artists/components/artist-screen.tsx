import { useEffect, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { ArrowLeftIcon, CalendarIcon, ExternalLinkIcon, MapPinIcon, Share2Icon } from 'lucide-react';
import { formatDateRange } from '#core/dates';
import { artistLinkLabels, editionStatusLabels, lineupGroupTitle } from '#core/lineup-view';
import { slugify } from '#core/slug';
import { FestivalImage } from '../../../components/festival-card/festival-image';
import { useToast } from '../../../components/toast/toast-provider';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { shareLink } from '../../../lib/share';
import { useArtistShareMeta } from '../../../lib/use-share-meta';
import { useQuery } from '../../../lib/use-server-data';
import { getArtist } from '../api/artists';
import type { ArtistAppearance, ArtistDetail } from '#core/lineup-types';
import './artist.css';
import { ListenPanel } from '../../../components/player/listen-panel';

function initials(name: string): string {
  const words = name
    .replace(/[^\p{L}\p{N} ]/gu, ' ')
    .trim()
    .split(/\s+/);
  return ((words[0]?.[0] ?? '') + (words[1]?.[0] ?? '')).toUpperCase() || '♪';
}

function AppearanceCard({ appearance, past }: { appearance: ArtistAppearance; past?: boolean }) {
  const { festival } = appearance;
  const where = lineupGroupTitle({ day: appearance.day, stage: appearance.stage });
  return (
    <li className="appearance card">
      {past ? null : (
        <div className="appearance-media">
          <FestivalImage festival={festival} loading="lazy" sizes="(max-width: 640px) 100vw, 360px" />
        </div>
      )}
      <div className="appearance-body">
        <h3 className="appearance-title">
          <Link to={paths.festival(festival.id, festival.name)}>
            {festival.name} {appearance.year}
          </Link>
        </h3>
        <p className="appearance-line">
          <CalendarIcon className="icon" aria-hidden="true" />{' '}
          {formatDateRange(appearance.start_date, appearance.end_date)}
        </p>
        {festival.location ? (
          <p className="appearance-line">
            <MapPinIcon className="icon" aria-hidden="true" /> {festival.location}
          </p>
        ) : null}
        <p className="appearance-tags">
          {appearance.billing === 'headliner' ? <span className="badge badge-accent">Cabeza de cartel</span> : null}
          {appearance.status === 'cancelled' ? <span className="badge">{editionStatusLabels.cancelled}</span> : null}
          {where ? <span className="muted">{where}</span> : null}
        </p>
      </div>
    </li>
  );
}

interface Props {
  /** Room for actions other features add beside 'Compartir' (following an artist). */
  renderActions?: (artist: ArtistDetail) => ReactNode;
}

/** /artista/{id}/{slug}: who the artist is and where they play, upcoming first then past editions. */
export function ArtistScreen({ renderActions }: Props) {
  const { artistId, slug } = useParams();
  const id = Number(artistId);
  const valid = Number.isSafeInteger(id) && id > 0;
  const {
    data: artist,
    error,
    refetch: reload,
  } = useQuery({ queryKey: ['artist', id], queryFn: ({ signal }) => getArtist(id, signal), enabled: valid });
  const navigate = useNavigate();
  const location = useLocation();
  const toast = useToast();
  const notFound = !valid || (error instanceof ApiError && error.status === 404);

  // The slug in the address follows the artist's name, as on festival pages.
  useEffect(() => {
    if (artist && slug !== slugify(artist.slug))
      navigate(`${paths.artist(artist.id, artist.slug)}${location.search}`, { replace: true });
  }, [artist, slug, navigate, location.search]);
  useArtistShareMeta(artist);
  useEffect(() => {
    if (notFound) document.title = 'Artista no encontrado - Festivales';
  }, [notFound]);

  if (notFound || (error && !artist)) {
    return (
      <div className="page">
        <div className="container">
          <div className="empty-state">
            <h1 className="page-title">{notFound ? 'Artista no encontrado' : 'No se pudo cargar el artista'}</h1>
            <p className="muted">
              {notFound
                ? 'Puede que se haya fusionado con otro o que el enlace no sea correcto.'
                : 'Comprueba tu conexión e inténtalo de nuevo.'}
            </p>
            <div className="row" style={{ justifyContent: 'center' }}>
              {notFound ? null : (
                <button type="button" className="btn" onClick={reload}>
                  Reintentar
                </button>
              )}
              <Link to={paths.artists()} className="btn btn-primary">
                <ArrowLeftIcon className="icon" /> Artistas
              </Link>
            </div>
          </div>
        </div>
      </div>
    );
  }

  if (!artist) {
    return (
      <div className="page" aria-busy="true">
        <div className="container">
          <div className="skeleton" style={{ width: '50%', height: 44 }} />
          <p className="visually-hidden" role="status">
            Cargando artista...
          </p>
        </div>
      </div>
    );
  }

  const links = artistLinkLabels
    .filter(([key]) => artist[key])
    .map(([key, label]) => ({ href: artist[key] as string, label }));
  return (
    <div className="page artist-page">
      <div className="container">
        <Link to={paths.artists()} className="btn btn-ghost btn-sm artist-back">
          <ArrowLeftIcon className="icon" /> Artistas
        </Link>
        <header className="artist-header">
          {artist.photo_url ? (
            <img
              className="artist-photo"
              src={artist.photo_url}
              alt={`Foto de ${artist.name}`}
              width={160}
              height={160}
            />
          ) : (
            <div className="artist-photo artist-photo-empty" aria-hidden="true">
              {initials(artist.name)}
            </div>
          )}
          <div className="artist-intro">
            <h1 className="page-title">{artist.name}</h1>
            {artist.country ? <p className="artist-country">{artist.country}</p> : null}
            {artist.genres.length ? (
              <ul className="artist-genres" aria-label="Géneros">
                {artist.genres.map((g) => (
                  <li key={g} className="badge">
                    {g}
                  </li>
                ))}
              </ul>
            ) : null}
            <div className="artist-actions">
              <button
                type="button"
                className="btn"
                onClick={() =>
                  void shareLink(
                    {
                      title: `${artist.name} - Festivales`,
                      text: `${artist.name} en Festivales`,
                      url: window.location.href,
                    },
                    toast,
                  )
                }
              >
                <Share2Icon className="icon" aria-hidden="true" /> Compartir
              </button>
              {renderActions?.(artist)}
            </div>
            {links.length ? (
              <ul className="artist-links" aria-label="Enlaces del artista">
                {links.map((link) => (
                  <li key={link.label}>
                    <a href={link.href} target="_blank" rel="noopener noreferrer">
                      {link.label} <ExternalLinkIcon className="icon" aria-hidden="true" />
                      <span className="visually-hidden"> (se abre en una pestaña nueva)</span>
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        </header>

        {artist.embeds?.length ? (
          <section aria-labelledby="artist-listen" className="artist-section">
            <h2 id="artist-listen" className="section-title">
              Escuchar
            </h2>
            <ListenPanel embeds={artist.embeds} artistName={artist.name} />
          </section>
        ) : null}

        <section aria-labelledby="artist-upcoming" className="artist-section">
          <h2 id="artist-upcoming" className="section-title">
            Próximos festivales
          </h2>
          {artist.upcoming.length ? (
            <ul className="appearances">
              {artist.upcoming.map((a) => (
                <AppearanceCard key={`${a.festival.id}-${a.year}`} appearance={a} />
              ))}
            </ul>
          ) : (
            <p className="muted">Sin festivales anunciados por ahora.</p>
          )}
        </section>

        <section aria-labelledby="artist-past" className="artist-section">
          <h2 id="artist-past" className="section-title">
            Ediciones pasadas
          </h2>
          {artist.past.length ? (
            <ul className="appearances appearances-past">
              {artist.past.map((a) => (
                <AppearanceCard key={`${a.festival.id}-${a.year}`} appearance={a} past />
              ))}
            </ul>
          ) : (
            <p className="muted">Todavía no hay ediciones pasadas en Festivales.</p>
          )}
        </section>
      </div>
    </div>
  );
}
